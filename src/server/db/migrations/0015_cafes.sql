CREATE TABLE "cafe_bookings" (
	"payment_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"seats" integer NOT NULL,
	"reservation" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cafe_bookings_seats" CHECK ("cafe_bookings"."seats" > 0)
);
--> statement-breakpoint
CREATE TABLE "cafe_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cafe_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cafe_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"seats" integer NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"price_irr" bigint NOT NULL,
	"price_usd" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cafe_sessions_seats" CHECK ("cafe_sessions"."seats" > 0 and "cafe_sessions"."reserved" >= 0 and "cafe_sessions"."sold" >= 0 and "cafe_sessions"."sold" + "cafe_sessions"."reserved" <= "cafe_sessions"."seats"),
	CONSTRAINT "cafe_sessions_times_prices" CHECK ("cafe_sessions"."ends_at" > "cafe_sessions"."starts_at" and "cafe_sessions"."price_irr" > 0 and "cafe_sessions"."price_usd" > 0)
);
--> statement-breakpoint
CREATE TABLE "cafe_staff" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"cafe_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cafe_tickets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cafe_tickets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"session_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"owner_user_id" integer NOT NULL,
	"seat" integer NOT NULL,
	"checked_in_at" timestamp with time zone,
	"checked_in_by" integer,
	"checked_in_door" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cafes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cafes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"name_fa" text NOT NULL,
	"name_en" text NOT NULL,
	"city" text NOT NULL,
	"city_fa" text NOT NULL,
	"city_en" text NOT NULL,
	"address_fa" text NOT NULL,
	"address_en" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"capacity" integer NOT NULL,
	"hours_fa" text NOT NULL,
	"hours_en" text NOT NULL,
	"photos" text[] DEFAULT '{}' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cafes_slug_unique" UNIQUE("slug"),
	CONSTRAINT "cafes_place" CHECK ("cafes"."capacity" > 0 and "cafes"."latitude" between -90 and 90 and "cafes"."longitude" between -180 and 180)
);
--> statement-breakpoint
ALTER TABLE "cafe_bookings" ADD CONSTRAINT "cafe_bookings_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cafe_bookings" ADD CONSTRAINT "cafe_bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cafe_bookings" ADD CONSTRAINT "cafe_bookings_session_id_cafe_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."cafe_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cafe_sessions" ADD CONSTRAINT "cafe_sessions_cafe_id_cafes_id_fk" FOREIGN KEY ("cafe_id") REFERENCES "public"."cafes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cafe_sessions" ADD CONSTRAINT "cafe_sessions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cafe_staff" ADD CONSTRAINT "cafe_staff_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cafe_staff" ADD CONSTRAINT "cafe_staff_cafe_id_cafes_id_fk" FOREIGN KEY ("cafe_id") REFERENCES "public"."cafes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cafe_tickets" ADD CONSTRAINT "cafe_tickets_session_id_cafe_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."cafe_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cafe_tickets" ADD CONSTRAINT "cafe_tickets_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cafe_tickets" ADD CONSTRAINT "cafe_tickets_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cafe_tickets" ADD CONSTRAINT "cafe_tickets_checked_in_by_users_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cafe_bookings_session_idx" ON "cafe_bookings" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "cafe_sessions_cafe_idx" ON "cafe_sessions" USING btree ("cafe_id","starts_at");--> statement-breakpoint
CREATE INDEX "cafe_sessions_product_idx" ON "cafe_sessions" USING btree ("product_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cafe_tickets_code_idx" ON "cafe_tickets" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "cafe_tickets_seat_idx" ON "cafe_tickets" USING btree ("payment_id","seat");--> statement-breakpoint
CREATE INDEX "cafe_tickets_owner_idx" ON "cafe_tickets" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "cafe_tickets_session_idx" ON "cafe_tickets" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "cafes_city_idx" ON "cafes" USING btree ("city");