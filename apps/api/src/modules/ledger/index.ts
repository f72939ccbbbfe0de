/**
 * The money ledger (architecture «Money ledger»): the public face of the ledger module. Append-only,
 * double-entry; moves are written by orders and payments in the transaction of the change that causes them.
 */
/** Writing moves (charge, hold, unhold, hold_refund, refund, release, payout) and the accounts. */
export {
  LEDGER_ACCOUNTS,
  recordCharge,
  recordHold,
  recordHoldRefund,
  recordPartialRefund,
  recordPayout,
  recordRefund,
  recordRelease,
  recordUnhold,
  type LedgerAccount,
  type LedgerMoveKind,
  type MoveRef,
} from './moves.js';
/** The seller's money read from the ledger (`GET /v1/sales/balance/`). */
export { sellerBalance } from './balance.js';
/** The balance check used by the tests and `npm run reconcile`. */
export { checkLedger, type LedgerCheck, type LedgerMismatch, type LedgerTotals } from './check.js';
