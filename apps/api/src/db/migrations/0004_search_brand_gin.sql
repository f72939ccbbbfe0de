-- Search by brand and text in one GIN index (btree_gin gives GIN operator classes for plain columns).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "products_search_vector_idx";--> statement-breakpoint
CREATE INDEX "products_search_brand_idx" ON "products" USING gin ("brand_id","search_vector") WHERE "products"."status" = 'active';
