CREATE TABLE "growth_landing_visits" (
	"day" date NOT NULL,
	"landing" text NOT NULL,
	"campaign" text NOT NULL,
	"source" text NOT NULL,
	"medium" text NOT NULL,
	"visits" integer NOT NULL,
	CONSTRAINT "growth_landing_visits_day_landing_campaign_source_medium_pk" PRIMARY KEY("day","landing","campaign","source","medium")
);
--> statement-breakpoint
CREATE TABLE "growth_payments" (
	"payment_id" integer PRIMARY KEY NOT NULL,
	"campaign" text NOT NULL,
	"source" text,
	"medium" text,
	"landing" text,
	"referrer" text
);
--> statement-breakpoint
CREATE TABLE "growth_signups" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"campaign" text NOT NULL,
	"source" text,
	"medium" text,
	"landing" text,
	"referrer" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "growth_payments" ADD CONSTRAINT "growth_payments_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "growth_signups" ADD CONSTRAINT "growth_signups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "growth_landing_visits_campaign_idx" ON "growth_landing_visits" USING btree ("campaign","day");--> statement-breakpoint
CREATE INDEX "growth_payments_campaign_idx" ON "growth_payments" USING btree ("campaign");--> statement-breakpoint
CREATE INDEX "growth_signups_campaign_idx" ON "growth_signups" USING btree ("campaign","created_at");