-- The yearly roll-up of the history written before it existed, summed from the months (custom migration).
INSERT INTO "stats_yearly" ("seller_id", "product_id", "year", "views", "favorites", "orders", "revenue")
SELECT "seller_id", "product_id", date_trunc('year', "month")::date, sum("views"), sum("favorites"), sum("orders"), sum("revenue")
FROM "stats_monthly" GROUP BY 1, 2, 3;
