-- Bulk actions update variants by the tens of thousands (approve, sync, queue). Free room on each
-- page lets PostgreSQL write the new row version in place (a HOT update) instead of adding an entry
-- to every index of the table, which is most of the cost of such an update.
ALTER TABLE "post_variants" SET (fillfactor = 80);--> statement-breakpoint
ALTER TABLE "category_variants" SET (fillfactor = 80);
