ALTER TABLE "profiles" ADD COLUMN "kids" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "max_age_rating" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "pin_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pin_to_leave_kids" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pin_to_edit_profiles" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pin_to_purchase" boolean DEFAULT false NOT NULL;