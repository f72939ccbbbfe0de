ALTER TABLE "products" ADD COLUMN "block_reason" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "status_before_block" text;