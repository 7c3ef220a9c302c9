CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text NOT NULL,
	"type" text DEFAULT 'default' NOT NULL,
	"keywords" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"is_approved" smallint DEFAULT 0 NOT NULL,
	"auto_google_sync" smallint DEFAULT 0 NOT NULL,
	"synced" smallint DEFAULT 0 NOT NULL,
	"views" bigint DEFAULT 0 NOT NULL,
	"created_under_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category_parents" (
	"category_id" integer NOT NULL,
	"parent_id" integer NOT NULL,
	CONSTRAINT "category_parents_category_id_parent_id_pk" PRIMARY KEY("category_id","parent_id")
);
--> statement-breakpoint
CREATE TABLE "category_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"website_id" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"synced" boolean DEFAULT false NOT NULL,
	"is_approved" boolean DEFAULT false NOT NULL,
	"is_updated_after_posted" boolean DEFAULT false NOT NULL,
	"is_posted_to_website" boolean DEFAULT false NOT NULL,
	"is_posted_to_facebook" boolean DEFAULT false NOT NULL,
	"is_posted_to_twitter" boolean DEFAULT false NOT NULL,
	"is_posted_to_linkedin" boolean DEFAULT false NOT NULL,
	"is_posted_to_tiktok" boolean DEFAULT false NOT NULL,
	"is_posted_to_youtube" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"delivery_status" text,
	"delivery_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instance_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"instance_id" integer NOT NULL,
	"ip_address" text NOT NULL,
	"gap" text NOT NULL,
	"status" text NOT NULL,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instances" (
	"id" serial PRIMARY KEY NOT NULL,
	"instance_id" text NOT NULL,
	"ip_address" text NOT NULL,
	"current_state" text NOT NULL,
	"gap" text NOT NULL,
	"region" text NOT NULL,
	"type" text NOT NULL,
	"cost" numeric(12, 2) NOT NULL,
	"agent_token_hash" text,
	"last_heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "permissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"guard_name" text DEFAULT 'web' NOT NULL,
	"level" smallint DEFAULT 5 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"website_id" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"synced" boolean DEFAULT false NOT NULL,
	"is_approved" boolean DEFAULT false NOT NULL,
	"is_updated_after_posted" boolean DEFAULT false NOT NULL,
	"is_posted_to_website" boolean DEFAULT false NOT NULL,
	"is_posted_to_facebook" boolean DEFAULT false NOT NULL,
	"is_posted_to_twitter" boolean DEFAULT false NOT NULL,
	"is_posted_to_linkedin" boolean DEFAULT false NOT NULL,
	"is_posted_to_tiktok" boolean DEFAULT false NOT NULL,
	"is_posted_to_youtube" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"delivery_status" text,
	"delivery_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"content_reference" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"category_id" integer NOT NULL,
	"views" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_permissions" (
	"role_id" integer NOT NULL,
	"permission_id" integer NOT NULL,
	CONSTRAINT "role_permissions_role_id_permission_id_pk" PRIMARY KEY("role_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"guard_name" text DEFAULT 'web' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduled_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"command" text NOT NULL,
	"next_run" timestamp with time zone,
	"status" text DEFAULT 'Scheduled' NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"remember" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"oauth_state" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "setting_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"main_group_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "setting_main_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "setting_main_groups_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"full_path" text NOT NULL,
	"name" text NOT NULL,
	"value" text,
	"type" text DEFAULT 'text' NOT NULL,
	"description" text,
	"is_secret" boolean DEFAULT false NOT NULL,
	"group_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_avatars" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "user_roles_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"password" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "website_settings" (
	"website_id" integer PRIMARY KEY NOT NULL,
	"google_adsense" text,
	"google_analytics" text,
	"seo_description" text,
	"seo_title" text,
	"seo_keywords" text,
	"seo_meta" text,
	"reference_sites" text,
	"category_prompt" text,
	"post_prompt" text,
	"category_refresh" smallint,
	"categories_limit" smallint DEFAULT 0 NOT NULL,
	"post_refresh" smallint,
	"posts_limit" smallint DEFAULT 0 NOT NULL,
	"browser_refresh" smallint,
	"category_webhook_url" text,
	"post_webhook_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "websites" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"hosting" text NOT NULL,
	"cost" numeric(12, 2) NOT NULL,
	"duration" integer NOT NULL,
	"views" bigint DEFAULT 0 NOT NULL,
	"next_renewal_date" date,
	"webhook_secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_created_under_id_categories_id_fk" FOREIGN KEY ("created_under_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_parents" ADD CONSTRAINT "category_parents_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_parents" ADD CONSTRAINT "category_parents_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_variants" ADD CONSTRAINT "category_variants_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_variants" ADD CONSTRAINT "category_variants_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instance_logs" ADD CONSTRAINT "instance_logs_instance_id_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_variants" ADD CONSTRAINT "post_variants_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_variants" ADD CONSTRAINT "post_variants_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_permission_id_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "setting_groups" ADD CONSTRAINT "setting_groups_main_group_id_setting_main_groups_id_fk" FOREIGN KEY ("main_group_id") REFERENCES "public"."setting_main_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_group_id_setting_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."setting_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_avatars" ADD CONSTRAINT "user_avatars_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_settings" ADD CONSTRAINT "website_settings_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_slug_unique" ON "categories" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "categories_name_trgm" ON "categories" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "categories_status_idx" ON "categories" USING btree ("status");--> statement-breakpoint
CREATE INDEX "categories_created_at_idx" ON "categories" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "categories_views_idx" ON "categories" USING btree ("views");--> statement-breakpoint
CREATE INDEX "categories_created_under_idx" ON "categories" USING btree ("created_under_id");--> statement-breakpoint
CREATE INDEX "category_parents_parent_idx" ON "category_parents" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "category_variants_category_website_unique" ON "category_variants" USING btree ("category_id","website_id");--> statement-breakpoint
CREATE INDEX "category_variants_website_idx" ON "category_variants" USING btree ("website_id");--> statement-breakpoint
CREATE INDEX "instance_logs_instance_created_idx" ON "instance_logs" USING btree ("instance_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "instances_instance_id_unique" ON "instances" USING btree ("instance_id");--> statement-breakpoint
CREATE INDEX "instances_instance_id_trgm" ON "instances" USING gin ("instance_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "instances_ip_address_trgm" ON "instances" USING gin ("ip_address" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "instances_current_state_idx" ON "instances" USING btree ("current_state");--> statement-breakpoint
CREATE INDEX "instances_created_at_idx" ON "instances" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "permissions_name_guard_unique" ON "permissions" USING btree ("name","guard_name");--> statement-breakpoint
CREATE INDEX "permissions_name_trgm" ON "permissions" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "post_variants_post_website_unique" ON "post_variants" USING btree ("post_id","website_id");--> statement-breakpoint
CREATE INDEX "post_variants_website_idx" ON "post_variants" USING btree ("website_id");--> statement-breakpoint
CREATE INDEX "posts_title_trgm" ON "posts" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "posts_category_idx" ON "posts" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "posts_created_at_idx" ON "posts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "posts_status_idx" ON "posts" USING btree ("status");--> statement-breakpoint
CREATE INDEX "role_permissions_permission_idx" ON "role_permissions" USING btree ("permission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_name_guard_unique" ON "roles" USING btree ("name","guard_name");--> statement-breakpoint
CREATE INDEX "roles_name_trgm" ON "roles" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_tasks_command_unique" ON "scheduled_tasks" USING btree ("command");--> statement-breakpoint
CREATE INDEX "scheduled_tasks_next_run_idx" ON "scheduled_tasks" USING btree ("next_run");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "setting_groups_main_name_unique" ON "setting_groups" USING btree ("main_group_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "settings_full_path_unique" ON "settings" USING btree ("full_path");--> statement-breakpoint
CREATE INDEX "settings_group_idx" ON "settings" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "settings_full_path_trgm" ON "settings" USING gin ("full_path" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_roles_role_idx" ON "user_roles" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_name_trgm" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "websites_name_trgm" ON "websites" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "websites_url_trgm" ON "websites" USING gin ("url" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "websites_created_at_idx" ON "websites" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "websites_views_idx" ON "websites" USING btree ("views");