CREATE TABLE "payman_contracts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payman_contracts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"payman_authority" text NOT NULL,
	"bank_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"mobile" text NOT NULL,
	"package_id" integer NOT NULL,
	"max_amount" bigint NOT NULL,
	"max_daily_count" integer NOT NULL,
	"max_monthly_count" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sealed_signature" text,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"signed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "payman_contracts_payman_authority_unique" UNIQUE("payman_authority"),
	CONSTRAINT "payman_contracts_signature" CHECK (("payman_contracts"."status" = 'signed') <= ("payman_contracts"."sealed_signature" is not null))
);
--> statement-breakpoint
CREATE TABLE "payman_renewals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payman_renewals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"contract_id" integer NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"payment_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payman_contracts" ADD CONSTRAINT "payman_contracts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payman_contracts" ADD CONSTRAINT "payman_contracts_package_id_subscription_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."subscription_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payman_renewals" ADD CONSTRAINT "payman_renewals_contract_id_payman_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."payman_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payman_renewals" ADD CONSTRAINT "payman_renewals_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payman_contracts_user_idx" ON "payman_contracts" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "payman_contracts_signed_idx" ON "payman_contracts" USING btree ("user_id") WHERE "payman_contracts"."status" = 'signed';--> statement-breakpoint
CREATE UNIQUE INDEX "payman_renewals_period_idx" ON "payman_renewals" USING btree ("contract_id","period_end");--> statement-breakpoint
CREATE INDEX "payman_renewals_due_idx" ON "payman_renewals" USING btree ("status","next_attempt_at");