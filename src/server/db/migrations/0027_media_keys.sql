CREATE TABLE "media_keys" (
	"asset" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_keys_key" CHECK ("media_keys"."key" ~ '^[0-9a-f]{32}$')
);
