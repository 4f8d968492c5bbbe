CREATE TABLE "settlement_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "settlement_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gateway" text NOT NULL,
	"source" text NOT NULL,
	"file_name" text,
	"from_day" text NOT NULL,
	"to_day" text NOT NULL,
	"month" text,
	"lines" jsonb NOT NULL,
	"result" jsonb NOT NULL,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "settlement_runs" ADD CONSTRAINT "settlement_runs_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "settlement_runs_gateway_idx" ON "settlement_runs" USING btree ("gateway","id" DESC NULLS LAST);