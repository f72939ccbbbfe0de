DROP INDEX "stats_daily_seller_day_idx";--> statement-breakpoint
DROP INDEX "stats_hourly_seller_hour_idx";--> statement-breakpoint
DROP INDEX "stats_monthly_seller_month_idx";--> statement-breakpoint
CREATE INDEX "stats_daily_seller_day_idx" ON "stats_daily" USING btree ("seller_id","day","product_id","views","favorites","orders","revenue") WHERE product_id <> 0;--> statement-breakpoint
CREATE INDEX "stats_hourly_seller_hour_idx" ON "stats_hourly" USING btree ("seller_id","hour","product_id","views","favorites","orders","revenue") WHERE product_id <> 0;--> statement-breakpoint
CREATE INDEX "stats_monthly_seller_month_idx" ON "stats_monthly" USING btree ("seller_id","month","product_id","views","favorites","orders","revenue") WHERE product_id <> 0;