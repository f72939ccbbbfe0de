CREATE TABLE "stats_ytd" (
	"seller_id" integer NOT NULL,
	"day" date NOT NULL,
	"product_ids" integer[] NOT NULL,
	"views" integer[] NOT NULL,
	"favorites" integer[] NOT NULL,
	"orders" integer[] NOT NULL,
	"revenue" bigint[] NOT NULL,
	CONSTRAINT "stats_ytd_seller_id_day_pk" PRIMARY KEY("seller_id","day")
);
