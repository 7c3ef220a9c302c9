-- The audit log's search indexes take PostgreSQL's own 4 MB pending list again (0032 gave them
-- 64 kB, as the lists' search indexes have): the log is written far more than it is searched,
-- and a bulk approve, which writes an entry per variant, spent 2.1 s of its 2.8 s moving a 64 kB
-- list into the subject name's index at every fill (0.9 s with 4 MB). An audit search reads the
-- list until the next vacuum of the log.
ALTER INDEX "audit_log_subject_name_trgm_idx" SET (gin_pending_list_limit = 4096);--> statement-breakpoint
ALTER INDEX "audit_log_user_name_trgm_idx" SET (gin_pending_list_limit = 4096);
