ALTER TABLE "profiles" ADD COLUMN "audio_language" text DEFAULT 'auto' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "audio_description" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "subtitle_language" text DEFAULT 'auto' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "subtitle_size" text DEFAULT 'medium' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "subtitle_box" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "subtitle_color" text DEFAULT 'white' NOT NULL;