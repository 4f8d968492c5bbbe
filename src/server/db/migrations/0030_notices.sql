CREATE TABLE "notices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"ref_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	"done_at" timestamp with time zone,
	"outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notices_once_idx" ON "notices" USING btree ("kind","ref_id","user_id");--> statement-breakpoint
CREATE INDEX "notices_waiting_idx" ON "notices" USING btree ("due_at") WHERE "notices"."done_at" is null;--> statement-breakpoint
-- Reminders the old sweep already handed to a provider are notices sent: not queued again (written by hand).
INSERT INTO "notices" ("kind", "ref_id", "user_id", "due_at", "attempts", "done_at", "outcome", "created_at")
SELECT 'screening_reminder', "product_id", "user_id", "sent_at", 1, "sent_at", 'sent', "sent_at"
FROM "screening_reminders" WHERE "sent_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "screening_reminders" DROP COLUMN "sent_at";