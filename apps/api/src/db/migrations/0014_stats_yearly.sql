CREATE TABLE "stats_yearly" (
	"seller_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"year" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"favorites" integer DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_yearly_seller_id_product_id_year_pk" PRIMARY KEY("seller_id","product_id","year")
);
--> statement-breakpoint
CREATE INDEX "stats_yearly_seller_year_idx" ON "stats_yearly" USING btree ("seller_id","year","product_id","views","favorites","orders","revenue") WHERE product_id <> 0;