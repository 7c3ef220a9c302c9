DROP INDEX "category_variants_website_idx";--> statement-breakpoint
DROP INDEX "post_variants_website_idx";--> statement-breakpoint
CREATE INDEX "category_variants_website_category_idx" ON "category_variants" USING btree ("website_id","category_id");--> statement-breakpoint
CREATE INDEX "post_variants_website_post_idx" ON "post_variants" USING btree ("website_id","post_id");