CREATE TABLE "listing_view_visitors" (
	"product_id" integer NOT NULL,
	"day" date NOT NULL,
	"visitor_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_view_visitors_product_id_day_visitor_id_pk" PRIMARY KEY("product_id","day","visitor_id")
);
--> statement-breakpoint
CREATE TABLE "stats_daily" (
	"seller_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"favorites" integer DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_daily_seller_id_product_id_day_pk" PRIMARY KEY("seller_id","product_id","day")
);
--> statement-breakpoint
CREATE TABLE "stats_hourly" (
	"seller_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"favorites" integer DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_hourly_seller_id_product_id_hour_pk" PRIMARY KEY("seller_id","product_id","hour")
);
--> statement-breakpoint
CREATE TABLE "stats_monthly" (
	"seller_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"month" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"favorites" integer DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_monthly_seller_id_product_id_month_pk" PRIMARY KEY("seller_id","product_id","month")
);
--> statement-breakpoint
CREATE INDEX "listing_view_visitors_day_idx" ON "listing_view_visitors" USING btree ("day");--> statement-breakpoint
CREATE INDEX "stats_daily_seller_day_idx" ON "stats_daily" USING btree ("seller_id","day","product_id","views","favorites","orders","revenue");--> statement-breakpoint
CREATE INDEX "stats_hourly_seller_hour_idx" ON "stats_hourly" USING btree ("seller_id","hour","product_id","views","favorites","orders","revenue");--> statement-breakpoint
CREATE INDEX "stats_monthly_seller_month_idx" ON "stats_monthly" USING btree ("seller_id","month","product_id","views","favorites","orders","revenue");