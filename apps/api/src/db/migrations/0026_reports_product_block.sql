CREATE TABLE "report_cases" (
	"id" serial PRIMARY KEY NOT NULL,
	"object_type" text NOT NULL,
	"object_id" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" integer
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"reporter_id" integer NOT NULL,
	"object_type" text NOT NULL,
	"object_id" integer NOT NULL,
	"reason" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "block_reason" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "status_before_block" text;--> statement-breakpoint
ALTER TABLE "report_cases" ADD CONSTRAINT "report_cases_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_case_id_report_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."report_cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_cases_open_object_uq" ON "report_cases" USING btree ("object_type","object_id") WHERE "report_cases"."status" = 'open';--> statement-breakpoint
CREATE INDEX "report_cases_status_idx" ON "report_cases" USING btree ("status","opened_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_reporter_object_uq" ON "reports" USING btree ("reporter_id","object_type","object_id") WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "reports_case_idx" ON "reports" USING btree ("case_id");