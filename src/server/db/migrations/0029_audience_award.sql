CREATE TABLE "award_votes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "award_votes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"festival_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"ticket_id" integer,
	"cafe_ticket_id" integer,
	"user_id" integer NOT NULL,
	"rating" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "award_votes_rating" CHECK ("award_votes"."rating" between 1 and 5),
	CONSTRAINT "award_votes_one_right" CHECK (("award_votes"."ticket_id" is null) <> ("award_votes"."cafe_ticket_id" is null))
);
--> statement-breakpoint
CREATE TABLE "festival_awards" (
	"festival_id" integer PRIMARY KEY NOT NULL,
	"window_hours" integer NOT NULL,
	"min_watched_percent" integer NOT NULL,
	"published_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "festival_awards_window" CHECK ("festival_awards"."window_hours" between 1 and 720),
	CONSTRAINT "festival_awards_share" CHECK ("festival_awards"."min_watched_percent" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "award_votes" ADD CONSTRAINT "award_votes_festival_id_products_id_fk" FOREIGN KEY ("festival_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "award_votes" ADD CONSTRAINT "award_votes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "award_votes" ADD CONSTRAINT "award_votes_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "award_votes" ADD CONSTRAINT "award_votes_cafe_ticket_id_cafe_tickets_id_fk" FOREIGN KEY ("cafe_ticket_id") REFERENCES "public"."cafe_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "award_votes" ADD CONSTRAINT "award_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "festival_awards" ADD CONSTRAINT "festival_awards_festival_id_products_id_fk" FOREIGN KEY ("festival_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "award_votes_ticket_idx" ON "award_votes" USING btree ("festival_id","product_id","ticket_id");--> statement-breakpoint
CREATE UNIQUE INDEX "award_votes_cafe_ticket_idx" ON "award_votes" USING btree ("festival_id","product_id","cafe_ticket_id");--> statement-breakpoint
CREATE INDEX "award_votes_results_idx" ON "award_votes" USING btree ("festival_id","product_id");