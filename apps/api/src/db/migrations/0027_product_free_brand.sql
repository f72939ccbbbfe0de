ALTER TABLE "products" ADD COLUMN "brand_text" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "no_brand" boolean DEFAULT false NOT NULL;