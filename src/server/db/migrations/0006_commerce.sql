CREATE TABLE "discount_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "discount_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"percent" integer,
	"amount_irr" bigint,
	"amount_usd" bigint,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"max_uses" integer,
	"max_uses_per_user" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"payment_types" text[] DEFAULT '{}' NOT NULL,
	"product_ids" integer[] DEFAULT '{}' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "discount_codes_amount" CHECK (("discount_codes"."kind" = 'percent' and "discount_codes"."percent" between 1 and 100) or ("discount_codes"."kind" = 'fixed' and ("discount_codes"."amount_irr" > 0 or "discount_codes"."amount_usd" > 0))),
	CONSTRAINT "discount_codes_uses" CHECK ("discount_codes"."max_uses" is null or "discount_codes"."used_count" <= "discount_codes"."max_uses")
);
--> statement-breakpoint
CREATE TABLE "discount_redemptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "discount_redemptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"discount_code_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_redemptions_payment_id_unique" UNIQUE("payment_id")
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"currency" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer,
	"gateway" text,
	"limited" boolean DEFAULT false NOT NULL,
	"debits_posted" bigint DEFAULT 0 NOT NULL,
	"credits_posted" bigint DEFAULT 0 NOT NULL,
	"debits_pending" bigint DEFAULT 0 NOT NULL,
	"credits_pending" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_limit" CHECK (not "ledger_accounts"."limited" or "ledger_accounts"."credits_posted" >= "ledger_accounts"."debits_posted" + "ledger_accounts"."debits_pending"),
	CONSTRAINT "ledger_accounts_sums" CHECK ("ledger_accounts"."debits_posted" >= 0 and "ledger_accounts"."credits_posted" >= 0 and "ledger_accounts"."debits_pending" >= 0 and "ledger_accounts"."credits_pending" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"debit_account_id" integer NOT NULL,
	"credit_account_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"kind" text NOT NULL,
	"phase" text NOT NULL,
	"pending_id" integer,
	"payment_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transfers_pending_id_unique" UNIQUE("pending_id"),
	CONSTRAINT "ledger_transfers_amount" CHECK ("ledger_transfers"."amount" > 0),
	CONSTRAINT "ledger_transfers_accounts" CHECK ("ledger_transfers"."debit_account_id" <> "ledger_transfers"."credit_account_id"),
	CONSTRAINT "ledger_transfers_resolution" CHECK (("ledger_transfers"."phase" in ('post', 'void')) = ("ledger_transfers"."pending_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"payment_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"price" bigint NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"vat" bigint DEFAULT 0 NOT NULL,
	"total" bigint NOT NULL,
	"wallet_part" bigint DEFAULT 0 NOT NULL,
	"gateway_part" bigint NOT NULL,
	"gateway" text NOT NULL,
	"product_id" integer,
	"package_id" integer,
	"discount_code_id" integer,
	"gateway_ref" text,
	"gateway_trace" text,
	"card_pan" text,
	"ticket_code" text,
	"subscription_ends_at" timestamp with time zone,
	"note_key" text,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payments_lines" CHECK ("payments"."price" >= 0 and "payments"."discount" >= 0 and "payments"."discount" <= "payments"."price" and "payments"."vat" >= 0 and "payments"."wallet_part" >= 0 and "payments"."gateway_part" >= 0 and "payments"."total" = "payments"."price" - "payments"."discount" + "payments"."vat" and "payments"."total" = "payments"."wallet_part" + "payments"."gateway_part")
);
--> statement-breakpoint
CREATE TABLE "product_prices" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"price_irr" bigint NOT NULL,
	"price_usd" bigint NOT NULL,
	CONSTRAINT "product_prices_positive" CHECK ("product_prices"."price_irr" > 0 and "product_prices"."price_usd" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_bank_sessions" (
	"authority" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"callback_url" text NOT NULL,
	"status" text NOT NULL,
	"ref_id" bigint,
	"card_pan" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "subscription_packages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscription_packages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"months" integer NOT NULL,
	"title_fa" text NOT NULL,
	"title_en" text NOT NULL,
	"price_irr" bigint NOT NULL,
	"price_usd" bigint NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "subscription_packages_slug_unique" UNIQUE("slug"),
	CONSTRAINT "subscription_packages_valid" CHECK ("subscription_packages"."months" > 0 and "subscription_packages"."price_irr" > 0 and "subscription_packages"."price_usd" > 0)
);
--> statement-breakpoint
ALTER TABLE "subscriptions" DROP CONSTRAINT "subscriptions_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "tickets" DROP CONSTRAINT "tickets_owner_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "title_purchases" DROP CONSTRAINT "title_purchases_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_debit_account_id_ledger_accounts_id_fk" FOREIGN KEY ("debit_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_credit_account_id_ledger_accounts_id_fk" FOREIGN KEY ("credit_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_pending_id_ledger_transfers_id_fk" FOREIGN KEY ("pending_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_package_id_subscription_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."subscription_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discount_redemptions_code_user_idx" ON "discount_redemptions" USING btree ("discount_code_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_identity_idx" ON "ledger_accounts" USING btree ("kind","currency",coalesce("user_id", 0),coalesce("gateway", ''));--> statement-breakpoint
CREATE INDEX "ledger_transfers_debit_idx" ON "ledger_transfers" USING btree ("debit_account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_credit_idx" ON "ledger_transfers" USING btree ("credit_account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_payment_idx" ON "ledger_transfers" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_events_payment_idx" ON "payment_events" USING btree ("payment_id","id");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payments_open_idx" ON "payments" USING btree ("status","updated_at") WHERE "payments"."status" in ('started', 'at_gateway', 'verified');--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_ref_idx" ON "payments" USING btree ("gateway","gateway_ref") WHERE "payments"."gateway_ref" is not null;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "title_purchases" ADD CONSTRAINT "title_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;