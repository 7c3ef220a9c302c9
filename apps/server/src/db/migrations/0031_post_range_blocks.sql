-- The posts per block of 100 ranges (100,000 ids), kept from post_ranges by its own triggers,
-- whichever way a range changes (the posts' triggers, a repair): a deep page of the newest-first
-- list and its total then read a hundredth of the ranges. Ranges are summed into their block in
-- block order, as the posts' trigger writes the ranges in range order, so concurrent writers take
-- the rows' locks in one order.
CREATE TABLE "post_range_blocks" (
	"block_start" integer PRIMARY KEY NOT NULL,
	"posts" integer NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION "count_updated_post_range_blocks"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO post_range_blocks AS b (block_start, posts)
  SELECT block_start, sum(posts)::int FROM (
    SELECT range_start - range_start % 100000 AS block_start, posts FROM new_ranges
    UNION ALL
    SELECT range_start - range_start % 100000, -posts FROM old_ranges) changed
  GROUP BY 1 ORDER BY 1
  ON CONFLICT (block_start) DO UPDATE SET posts = b.posts + EXCLUDED.posts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "count_post_range_blocks"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO post_range_blocks AS b (block_start, posts)
  SELECT range_start - range_start % 100000, sum(CASE TG_OP WHEN 'INSERT' THEN posts ELSE -posts END)::int
  FROM changed_ranges GROUP BY 1 ORDER BY 1
  ON CONFLICT (block_start) DO UPDATE SET posts = b.posts + EXCLUDED.posts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "clear_post_range_blocks"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM post_range_blocks;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "post_ranges_updated_blocks" AFTER UPDATE ON "post_ranges"
  REFERENCING OLD TABLE AS old_ranges NEW TABLE AS new_ranges
  FOR EACH STATEMENT EXECUTE FUNCTION count_updated_post_range_blocks();
--> statement-breakpoint
CREATE TRIGGER "post_ranges_inserted_blocks" AFTER INSERT ON "post_ranges"
  REFERENCING NEW TABLE AS changed_ranges FOR EACH STATEMENT EXECUTE FUNCTION count_post_range_blocks();
--> statement-breakpoint
CREATE TRIGGER "post_ranges_deleted_blocks" AFTER DELETE ON "post_ranges"
  REFERENCING OLD TABLE AS changed_ranges FOR EACH STATEMENT EXECUTE FUNCTION count_post_range_blocks();
--> statement-breakpoint
CREATE TRIGGER "post_ranges_truncated_blocks" AFTER TRUNCATE ON "post_ranges"
  FOR EACH STATEMENT EXECUTE FUNCTION clear_post_range_blocks();
--> statement-breakpoint
INSERT INTO "post_range_blocks" ("block_start", "posts")
SELECT range_start - range_start % 100000, sum(posts)::int FROM "post_ranges" GROUP BY 1;
