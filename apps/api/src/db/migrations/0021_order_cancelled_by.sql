ALTER TABLE "orders" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
-- Hand-written backfill: who cancelled the orders cancelled before the column existed (by their reason's text).
UPDATE "orders" SET "cancelled_by" = CASE
  WHEN "cancel_reason" LIKE 'Время на оплату истекло%' THEN 'expiry'
  WHEN "cancel_reason" LIKE 'Банк отклонил оплату%' THEN 'payment'
  ELSE 'buyer' END
WHERE "status" = 'cancelled' AND "cancelled_by" IS NULL;
