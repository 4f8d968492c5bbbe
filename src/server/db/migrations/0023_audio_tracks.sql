ALTER TABLE "episodes" ADD COLUMN "audio_tracks" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "audio_tracks" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "media_jobs" ADD COLUMN "audio_lang" text;--> statement-breakpoint
ALTER TABLE "media_jobs" ADD COLUMN "audio" jsonb DEFAULT '[]'::jsonb NOT NULL;