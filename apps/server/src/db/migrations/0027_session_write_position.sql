-- Where each session last wrote, so that its reads stay on the primary until the read replica
-- has replayed the write.
ALTER TABLE "sessions" ADD COLUMN "last_write_position" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_write_at" timestamp with time zone DEFAULT now() NOT NULL;
