DROP INDEX "products_status_published_idx";--> statement-breakpoint
DROP INDEX "products_status_type_published_idx";--> statement-breakpoint
DROP INDEX "products_status_min_price_idx";--> statement-breakpoint
DROP INDEX "products_status_views_idx";--> statement-breakpoint
DROP INDEX "products_brand_idx";--> statement-breakpoint
DROP INDEX "products_category_idx";--> statement-breakpoint
DROP INDEX "products_search_text_trgm";--> statement-breakpoint
DROP INDEX "offers_size_idx";--> statement-breakpoint
DROP INDEX "products_search_vector_idx";--> statement-breakpoint
DROP INDEX "products_title_trgm";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "title_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('russian', coalesce("products"."title", ''))) STORED;--> statement-breakpoint
CREATE INDEX "products_active_new_idx" ON "products" USING btree ("published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"type","category_id","brand_id","min_price","view_count","condition","color","owner_id") WHERE "products"."status" = 'active';--> statement-breakpoint
CREATE INDEX "products_active_type_new_idx" ON "products" USING btree ("type","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"category_id","brand_id","min_price","view_count","condition","color","owner_id") WHERE "products"."status" = 'active';--> statement-breakpoint
CREATE INDEX "products_active_price_idx" ON "products" USING btree ("min_price","id","published_at","type","category_id","brand_id","view_count","condition","color","owner_id") WHERE "products"."status" = 'active';--> statement-breakpoint
CREATE INDEX "products_active_views_idx" ON "products" USING btree ("view_count","id","published_at","type","category_id","brand_id","min_price","condition","color","owner_id") WHERE "products"."status" = 'active';--> statement-breakpoint
CREATE INDEX "products_active_category_idx" ON "products" USING btree ("category_id","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"type","brand_id","min_price","view_count","condition","color","owner_id") WHERE "products"."status" = 'active';--> statement-breakpoint
CREATE INDEX "products_active_brand_idx" ON "products" USING btree ("brand_id","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"type","category_id","min_price","view_count","condition","color","owner_id") WHERE "products"."status" = 'active';--> statement-breakpoint
CREATE INDEX "offers_size_idx" ON "offers" USING btree ("size","product_id","count");--> statement-breakpoint
CREATE INDEX "products_search_vector_idx" ON "products" USING gin ("search_vector") WHERE "products"."status" = 'active';--> statement-breakpoint
CREATE INDEX "products_title_trgm" ON "products" USING gin ("title" gin_trgm_ops) WHERE "products"."status" = 'active';--> statement-breakpoint
-- Index-only scans need the visibility map: vacuum the listings after 2 % of them changed, not 20 %.
ALTER TABLE "products" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02);
