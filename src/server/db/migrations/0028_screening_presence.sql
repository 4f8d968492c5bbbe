CREATE TABLE "screening_presence" (
	"product_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "screening_presence_product_id_user_id_pk" PRIMARY KEY("product_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "screening_presence" ADD CONSTRAINT "screening_presence_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_presence" ADD CONSTRAINT "screening_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "screening_presence_seen_idx" ON "screening_presence" USING btree ("product_id","seen_at");