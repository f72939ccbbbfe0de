ALTER TABLE "favorites" ADD COLUMN "price_at_add" integer;--> statement-breakpoint
-- Favorites kept before: their listing's price now stands for the price when added (nothing struck through yet).
UPDATE "favorites" SET "price_at_add" = "products"."min_price" FROM "products" WHERE "products"."id" = "favorites"."product_id";
