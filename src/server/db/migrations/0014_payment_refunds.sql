CREATE TABLE "payment_refunds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"payment_id" integer NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"vat" bigint NOT NULL,
	"actor_id" integer,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "payment_refunds_amounts" CHECK ("payment_refunds"."amount" > 0 and "payment_refunds"."vat" >= 0 and "payment_refunds"."vat" <= "payment_refunds"."amount")
);
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_refunds_payment_idx" ON "payment_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_refunds_resolved_idx" ON "payment_refunds" USING btree ("resolved_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_one_reversal_idx" ON "payment_refunds" USING btree ("payment_id") WHERE "payment_refunds"."method" = 'gateway' and "payment_refunds"."status" <> 'refused';