CREATE TABLE "cafe_seats" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cafe_seats_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"session_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"seat_row" integer NOT NULL,
	"seat_number" integer NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cafe_sessions" ADD COLUMN "seat_map" jsonb;--> statement-breakpoint
ALTER TABLE "cafe_tickets" ADD COLUMN "seat_row" integer;--> statement-breakpoint
ALTER TABLE "cafe_tickets" ADD COLUMN "seat_number" integer;--> statement-breakpoint
ALTER TABLE "cafe_seats" ADD CONSTRAINT "cafe_seats_session_id_cafe_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."cafe_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cafe_seats" ADD CONSTRAINT "cafe_seats_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cafe_seats_place_idx" ON "cafe_seats" USING btree ("session_id","seat_row","seat_number") WHERE "cafe_seats"."state" in ('held', 'taken');--> statement-breakpoint
CREATE INDEX "cafe_seats_payment_idx" ON "cafe_seats" USING btree ("payment_id");