/**
 * Money moves of the ledger (architecture «Money ledger»). Each move is written by the caller IN the
 * transaction of the order or payment change that causes it, as double entries summing to zero (kopecks):
 *
 * | move      | when                                   | entries                                              |
 * |-----------|----------------------------------------|------------------------------------------------------|
 * | `charge`  | the bank confirmed a payment           | `buyer` −A, `clearing` +A                            |
 * | `hold`    | the order became `paid`                | `clearing` −T, `seller_hold` +T                      |
 * | `unhold`  | a paid order was cancelled (deadline,  | `seller_hold` −T, `clearing` +T                      |
 * |           | seller): the hold goes back to refund  |                                                      |
 * | `hold_refund` | a dispute returns R of a held order | `seller_hold` −R, `clearing` +R                      |
 * |           | to the buyer (all of it or a part)     |                                                      |
 * | `refund`  | a charge (or a part) went back         | `clearing` −A, `buyer` +A                            |
 * | `release` | the buyer confirmed receipt (or a      | `seller_hold` −T, `fees` +F, `seller_available` +T−F |
 * |           | dispute ended: T is what is left held) |                                                      |
 * | `payout`  | the seller's payout reached their card | `seller_available` −P, `seller_card` +P              |
 *
 * A move's key (`charge:<payment id>`, `hold:<order id>`, …) is unique per account: replaying a move (a repeated
 * notice, a retried job) writes nothing the second time.
 */
import type { Db, Tx } from '../../db/client.js';
import { ledgerEntries } from '../../db/schema/index.js';

/** The ledger's named accounts. */
export const LEDGER_ACCOUNTS = ['buyer', 'clearing', 'seller_hold', 'seller_available', 'fees', 'seller_card'] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];
export type LedgerMoveKind = 'charge' | 'hold' | 'unhold' | 'hold_refund' | 'refund' | 'release' | 'payout';

/** What every move names: the order, its seller, the payment (when one is involved) and the time. */
export interface MoveRef {
  orderId: number;
  sellerId: number;
  paymentId?: string | null;
  at: Date;
}

/**
 * Writes one move (its entries must sum to zero).
 * @returns true when written, false when the move was written before (replay)
 * @throws Error when the entries do not sum to zero (a programming error)
 */
async function writeMove(
  tx: Tx | Db,
  kind: LedgerMoveKind,
  key: string,
  ref: MoveRef,
  legs: [LedgerAccount, number][],
): Promise<boolean> {
  if (legs.reduce((s, [, a]) => s + a, 0) !== 0 || legs.some(([, a]) => !Number.isInteger(a)))
    throw new Error(`ledger: move ${key} does not balance`);
  const rows = await tx
    .insert(ledgerEntries)
    .values(
      legs
        .filter(([, a]) => a !== 0)
        .map(([account, amount]) => ({
          moveKey: key,
          kind,
          account,
          amount,
          orderId: ref.orderId,
          paymentId: ref.paymentId ?? null,
          sellerId: ref.sellerId,
          createdAt: ref.at,
        })),
    )
    .onConflictDoNothing({ target: [ledgerEntries.moveKey, ledgerEntries.account] })
    .returning({ id: ledgerEntries.id });
  return rows.length > 0;
}

/** The bank took `amount` kopecks for a payment (`paymentId` required). */
export const recordCharge = (tx: Tx | Db, ref: MoveRef & { paymentId: string }, amount: number) =>
  writeMove(tx, 'charge', `charge:${ref.paymentId}`, ref, [
    ['buyer', -amount],
    ['clearing', amount],
  ]);

/** The order became paid: its total (kopecks) is held for the seller until the buyer confirms receipt. */
export const recordHold = (tx: Tx | Db, ref: MoveRef, total: number) =>
  writeMove(tx, 'hold', `hold:${ref.orderId}`, ref, [
    ['clearing', -total],
    ['seller_hold', total],
  ]);

/**
 * A paid order was cancelled before completion (the ship-by deadline passed, the seller cancelled): its hold
 * (`total`, kopecks) goes back to the clearing account, from which the refund returns it to the buyer.
 */
export const recordUnhold = (tx: Tx | Db, ref: MoveRef, total: number) =>
  writeMove(tx, 'unhold', `unhold:${ref.orderId}`, ref, [
    ['seller_hold', -total],
    ['clearing', total],
  ]);

/**
 * A dispute returns `amount` kopecks (the whole hold or a part) of a held order to the buyer: the money leaves the
 * seller's hold for the clearing account, from which the refund (whole payment or partial) returns it.
 */
export const recordHoldRefund = (tx: Tx | Db, ref: MoveRef, amount: number) =>
  writeMove(tx, 'hold_refund', `hold_refund:${ref.orderId}`, ref, [
    ['seller_hold', -amount],
    ['clearing', amount],
  ]);

/** A part of a charge went back to the buyer (`amount` kopecks; one move per partial refund `refundId`). */
export const recordPartialRefund = (
  tx: Tx | Db,
  ref: MoveRef & { paymentId: string },
  refundId: string,
  amount: number,
) =>
  writeMove(tx, 'refund', `refund:part:${refundId}`, ref, [
    ['clearing', -amount],
    ['buyer', amount],
  ]);

/** A charge went back to the buyer (`amount` kopecks). */
export const recordRefund = (tx: Tx | Db, ref: MoveRef & { paymentId: string }, amount: number) =>
  writeMove(tx, 'refund', `refund:${ref.paymentId}`, ref, [
    ['clearing', -amount],
    ['buyer', amount],
  ]);

/** The order completed: the hold (`total`) splits into the fee and the seller's available money (kopecks). */
export const recordRelease = (tx: Tx | Db, ref: MoveRef, total: number, fee: number) =>
  writeMove(tx, 'release', `release:${ref.orderId}`, ref, [
    ['seller_hold', -total],
    ['fees', fee],
    ['seller_available', total - fee],
  ]);

/** The seller's payout of an order (`amount` kopecks) reached their card. */
export const recordPayout = (tx: Tx | Db, ref: MoveRef, amount: number) =>
  writeMove(tx, 'payout', `payout:${ref.orderId}`, ref, [
    ['seller_available', -amount],
    ['seller_card', amount],
  ]);
