-- The pentad roll-up of the history written before it existed, summed from the days (custom migration): a day's
-- pentad starts on day 1, 6, 11, 16, 21 or 26 of its month, the last one running to the month's end.
INSERT INTO "stats_pentad" ("seller_id", "product_id", "pentad", "views", "favorites", "orders", "revenue")
SELECT "seller_id", "product_id",
       date_trunc('month', "day")::date + least((extract(day from "day")::int - 1) / 5, 5) * 5,
       sum("views"), sum("favorites"), sum("orders"), sum("revenue")
FROM "stats_daily" GROUP BY 1, 2, 3;
