CREATE TABLE "stats_pentad" (
	"seller_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"pentad" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"favorites" integer DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_pentad_seller_id_product_id_pentad_pk" PRIMARY KEY("seller_id","product_id","pentad")
);
--> statement-breakpoint
CREATE INDEX "stats_pentad_seller_pentad_idx" ON "stats_pentad" USING btree ("seller_id","pentad","product_id","views","favorites","orders","revenue") WHERE product_id <> 0;