CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"user_name" text,
	"action" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" integer,
	"subject_name" text,
	"changes" jsonb,
	"details" jsonb,
	"ip_address" text,
	"user_agent" text,
	"request_id" text
);
--> statement-breakpoint
CREATE INDEX "audit_log_created_at_idx" ON "audit_log" USING btree ("created_at" DESC,"id" DESC);--> statement-breakpoint
CREATE INDEX "audit_log_subject_idx" ON "audit_log" USING btree ("subject_type","subject_id","id" DESC);--> statement-breakpoint
CREATE INDEX "audit_log_user_idx" ON "audit_log" USING btree ("user_id","id" DESC);--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","id" DESC);--> statement-breakpoint
CREATE INDEX "audit_log_subject_name_trgm_idx" ON "audit_log" USING gin ("subject_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_log_user_name_trgm_idx" ON "audit_log" USING gin ("user_name" gin_trgm_ops);