CREATE TABLE "media_jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "media_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"episode_id" integer,
	"status" text NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"asset" text NOT NULL,
	"source_bytes" bigint NOT NULL,
	"instance" text NOT NULL,
	"error" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_jobs_progress" CHECK ("media_jobs"."progress" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "media_jobs" ADD CONSTRAINT "media_jobs_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_jobs" ADD CONSTRAINT "media_jobs_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_jobs_product_idx" ON "media_jobs" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "media_jobs_open_idx" ON "media_jobs" USING btree ("instance") WHERE "media_jobs"."status" in ('queued', 'packaging');