CREATE INDEX IF NOT EXISTS "posts_title_id_idx" ON "posts" USING btree ("title","id");
