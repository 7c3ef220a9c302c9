CREATE TABLE "social_app_posters" (
	"app_id" integer NOT NULL,
	"day" date NOT NULL,
	"channel_id" integer NOT NULL,
	CONSTRAINT "social_app_posters_pk" PRIMARY KEY("app_id","day","channel_id")
);
--> statement-breakpoint
CREATE TABLE "social_app_usage" (
	"app_id" integer NOT NULL,
	"day" date NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"deferred" integer DEFAULT 0 NOT NULL,
	"cost" numeric(14, 4) DEFAULT 0 NOT NULL,
	CONSTRAINT "social_app_usage_pk" PRIMARY KEY("app_id","day")
);
--> statement-breakpoint
ALTER TABLE "social_app_posters" ADD CONSTRAINT "social_app_posters_app_id_social_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."social_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_app_usage" ADD CONSTRAINT "social_app_usage_app_id_social_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."social_apps"("id") ON DELETE cascade ON UPDATE no action;