ALTER TABLE "payments" ADD COLUMN "gateway_data" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reversal_requested_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_trace_idx" ON "payments" USING btree ("gateway","gateway_trace") WHERE "payments"."gateway_trace" is not null;