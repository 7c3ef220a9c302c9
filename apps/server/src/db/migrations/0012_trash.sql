CREATE TABLE "trash" (
	"type" text NOT NULL,
	"id" integer NOT NULL,
	"name" text NOT NULL,
	"detail" text,
	"data" jsonb NOT NULL,
	"deleted_by_id" integer,
	"deleted_by_name" text,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trash_type_id_pk" PRIMARY KEY("type","id")
);
--> statement-breakpoint
ALTER TABLE "trash" ADD CONSTRAINT "trash_deleted_by_id_users_id_fk" FOREIGN KEY ("deleted_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trash_deleted_at_idx" ON "trash" USING btree ("deleted_at" desc,"type","id");--> statement-breakpoint
CREATE INDEX "trash_type_deleted_at_idx" ON "trash" USING btree ("type","deleted_at" desc,"id");--> statement-breakpoint
CREATE INDEX "trash_name_trgm" ON "trash" USING gin ("name" gin_trgm_ops);