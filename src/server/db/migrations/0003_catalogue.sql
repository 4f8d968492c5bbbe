CREATE TABLE "credits" (
	"product_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"role" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "credits_product_id_person_id_role_pk" PRIMARY KEY("product_id","person_id","role")
);
--> statement-breakpoint
CREATE TABLE "episodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"season_id" integer NOT NULL,
	"number" integer NOT NULL,
	"title_fa" text NOT NULL,
	"title_en" text NOT NULL,
	"synopsis_fa" text DEFAULT '' NOT NULL,
	"synopsis_en" text DEFAULT '' NOT NULL,
	"duration_minutes" integer
);
--> statement-breakpoint
CREATE TABLE "festival_titles" (
	"festival_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "festival_titles_festival_id_product_id_pk" PRIMARY KEY("festival_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "genres" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name_fa" text NOT NULL,
	"name_en" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "people" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_fa" text NOT NULL,
	"name_en" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_genres" (
	"product_id" integer NOT NULL,
	"genre_id" integer NOT NULL,
	CONSTRAINT "product_genres_product_id_genre_id_pk" PRIMARY KEY("product_id","genre_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"kind" text NOT NULL,
	"title_fa" text NOT NULL,
	"title_en" text NOT NULL,
	"synopsis_fa" text NOT NULL,
	"synopsis_en" text NOT NULL,
	"category" text NOT NULL,
	"release_date" date,
	"duration_minutes" integer,
	"country" text,
	"age_rating" text,
	"subtitle_languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"regions" text[] DEFAULT '{}'::text[] NOT NULL,
	"artwork" text NOT NULL,
	"is_free" boolean DEFAULT false NOT NULL,
	"available_from" timestamp with time zone,
	"available_until" timestamp with time zone,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"search_text" text DEFAULT '' NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_screening_window" CHECK ("products"."starts_at" is null or "products"."ends_at" > "products"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"number" integer NOT NULL,
	"title_fa" text NOT NULL,
	"title_en" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credits" ADD CONSTRAINT "credits_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credits" ADD CONSTRAINT "credits_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episodes" ADD CONSTRAINT "episodes_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "festival_titles" ADD CONSTRAINT "festival_titles_festival_id_products_id_fk" FOREIGN KEY ("festival_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "festival_titles" ADD CONSTRAINT "festival_titles_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_genres" ADD CONSTRAINT "product_genres_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_genres" ADD CONSTRAINT "product_genres_genre_id_genres_id_fk" FOREIGN KEY ("genre_id") REFERENCES "public"."genres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seasons" ADD CONSTRAINT "seasons_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "episodes_season_number_idx" ON "episodes" USING btree ("season_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "genres_slug_idx" ON "genres" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "product_genres_genre_idx" ON "product_genres" USING btree ("genre_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_slug_idx" ON "products" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "products_kind_idx" ON "products" USING btree ("kind","published_at");--> statement-breakpoint
CREATE INDEX "products_release_idx" ON "products" USING btree ("release_date");--> statement-breakpoint
CREATE UNIQUE INDEX "seasons_product_number_idx" ON "seasons" USING btree ("product_id","number");--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_positions" ADD CONSTRAINT "watch_positions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;