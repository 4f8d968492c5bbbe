CREATE TABLE "gift_campaigns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gift_campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"title_fa" text NOT NULL,
	"title_en" text NOT NULL,
	"months" integer NOT NULL,
	"plan" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"requestable" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_campaigns_slug_unique" UNIQUE("slug"),
	CONSTRAINT "gift_campaigns_valid" CHECK ("gift_campaigns"."months" > 0 and "gift_campaigns"."ends_at" > "gift_campaigns"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "gift_cards" (
	"payment_id" integer PRIMARY KEY NOT NULL,
	"recipient" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"code_id" integer,
	"delivery_claimed_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gift_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"campaign_id" integer,
	"payment_id" integer,
	"months" integer NOT NULL,
	"plan" text NOT NULL,
	"max_uses" integer DEFAULT 1 NOT NULL,
	"used_count" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"requested_by" integer,
	"requested_to" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_codes_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "gift_codes_payment_id_unique" UNIQUE("payment_id"),
	CONSTRAINT "gift_codes_uses" CHECK ("gift_codes"."months" > 0 and "gift_codes"."max_uses" >= 1 and "gift_codes"."used_count" between 0 and "gift_codes"."max_uses")
);
--> statement-breakpoint
CREATE TABLE "gift_redemptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gift_redemptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"subscription_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_code_id_gift_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."gift_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD CONSTRAINT "gift_codes_campaign_id_gift_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."gift_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD CONSTRAINT "gift_codes_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD CONSTRAINT "gift_codes_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_redemptions" ADD CONSTRAINT "gift_redemptions_code_id_gift_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."gift_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_redemptions" ADD CONSTRAINT "gift_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_redemptions" ADD CONSTRAINT "gift_redemptions_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_cards_undelivered_idx" ON "gift_cards" USING btree ("payment_id") WHERE "gift_cards"."code_id" is not null and "gift_cards"."delivered_at" is null;--> statement-breakpoint
CREATE INDEX "gift_codes_campaign_idx" ON "gift_codes" USING btree ("campaign_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_codes_requester_idx" ON "gift_codes" USING btree ("campaign_id","requested_by") WHERE "gift_codes"."requested_by" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_codes_requested_to_idx" ON "gift_codes" USING btree ("campaign_id","requested_to") WHERE "gift_codes"."requested_to" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_redemptions_once_idx" ON "gift_redemptions" USING btree ("code_id","user_id");--> statement-breakpoint
CREATE INDEX "gift_redemptions_user_idx" ON "gift_redemptions" USING btree ("user_id");