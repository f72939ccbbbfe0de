-- The money ledger is append-only (issue 15): a correction is a new move, never an edit.
CREATE OR REPLACE FUNCTION ledger_entries_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_update_delete BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON "ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_refuse_change();
--> statement-breakpoint
-- Opening entries for money moved before the ledger existed (an existing installation), so the ledger check
-- agrees with the orders from the start; completed orders of then are queued for their payout.
INSERT INTO "ledger_entries" ("move_key", "kind", "account", "amount", "order_id", "payment_id", "seller_id", "created_at")
SELECT 'charge:' || p.id, 'charge', leg.account, leg.amount, o.id, p.id, o.seller_id, coalesce(o.paid_at, p.updated_at)
FROM "payments" p JOIN "orders" o ON o.id = p.order_id
CROSS JOIN LATERAL (VALUES ('buyer', -p.amount), ('clearing', p.amount)) AS leg(account, amount)
WHERE p.status IN ('succeeded', 'refunded');
--> statement-breakpoint
INSERT INTO "ledger_entries" ("move_key", "kind", "account", "amount", "order_id", "payment_id", "seller_id", "created_at")
SELECT 'refund:' || p.id, 'refund', leg.account, leg.amount, o.id, p.id, o.seller_id, coalesce(p.refunded_at, p.updated_at)
FROM "payments" p JOIN "orders" o ON o.id = p.order_id
CROSS JOIN LATERAL (VALUES ('clearing', -p.refunded_amount), ('buyer', p.refunded_amount)) AS leg(account, amount)
WHERE p.status = 'refunded' AND p.refunded_amount IS NOT NULL;
--> statement-breakpoint
INSERT INTO "ledger_entries" ("move_key", "kind", "account", "amount", "order_id", "seller_id", "created_at")
SELECT 'hold:' || o.id, 'hold', leg.account, leg.amount, o.id, o.seller_id, coalesce(o.paid_at, o.created_at)
FROM "orders" o
CROSS JOIN LATERAL (VALUES ('clearing', -o.total), ('seller_hold', o.total)) AS leg(account, amount)
WHERE o.status IN ('paid', 'shipped', 'delivered', 'completed');
--> statement-breakpoint
INSERT INTO "ledger_entries" ("move_key", "kind", "account", "amount", "order_id", "seller_id", "created_at")
SELECT 'release:' || o.id, 'release', leg.account, leg.amount, o.id, o.seller_id, coalesce(o.completed_at, o.created_at)
FROM "orders" o
CROSS JOIN LATERAL (VALUES ('seller_hold', -o.total), ('fees', o.fee), ('seller_available', o.total - o.fee)) AS leg(account, amount)
WHERE o.status = 'completed' AND leg.amount <> 0;
--> statement-breakpoint
INSERT INTO "payouts" ("order_id", "seller_id", "amount", "status", "created_at")
SELECT o.id, o.seller_id, o.payout, 'processing', now() FROM "orders" o WHERE o.status = 'completed';
--> statement-breakpoint
INSERT INTO "jobs" ("kind", "payload", "status", "run_at", "attempts", "max_attempts", "key", "created_at")
SELECT 'payments.payout', jsonb_build_object('orderId', o.id), 'queued', now(), 0, 50, 'payout:' || o.id || ':0', now()
FROM "orders" o WHERE o.status = 'completed';
