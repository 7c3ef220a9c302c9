-- A GIN index takes new entries into a pending list, which every search through the index reads
-- whole until a vacuum, or a list grown to 4 MB, moves them into the index. After a few thousand
-- post edits the list of the title indexes held 230 pages, and the title search read them on each
-- request: twice the database time of a search with an empty list. With a limit of 64 kB, the
-- write that fills the list moves it, and a search reads at most a few pages more.
ALTER INDEX "audit_log_subject_name_trgm_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "audit_log_user_name_trgm_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "categories_name_trgm" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "instances_instance_id_trgm" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "instances_ip_address_trgm" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "instances_region_trgm" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "permissions_name_trgm" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "posts_title_trgm" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "posts_title_words" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "roles_name_trgm" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "settings_full_path_trgm" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "trash_name_trgm" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "users_email_trgm" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "users_name_trgm" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "websites_hosting_trgm" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "websites_name_trgm" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "websites_url_trgm" SET (gin_pending_list_limit = 64);--> statement-breakpoint
SELECT gin_clean_pending_list(i.indexrelid)
FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am a ON a.oid = c.relam
WHERE a.amname = 'gin';
