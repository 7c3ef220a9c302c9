CREATE INDEX "instances_region_id_idx" ON "instances" USING btree ("region","id");--> statement-breakpoint
CREATE INDEX "instances_cost_id_idx" ON "instances" USING btree ("cost","id");--> statement-breakpoint
CREATE INDEX "users_name_id_idx" ON "users" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "websites_name_id_idx" ON "websites" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "websites_cost_id_idx" ON "websites" USING btree ("cost","id");--> statement-breakpoint
CREATE INDEX "websites_next_renewal_date_id_idx" ON "websites" USING btree ("next_renewal_date","id");