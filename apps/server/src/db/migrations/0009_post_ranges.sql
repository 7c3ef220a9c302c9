CREATE TABLE "post_ranges" (
	"range_start" integer PRIMARY KEY NOT NULL,
	"posts" integer NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION "count_post_ranges"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- In range order, so that concurrent writers take the range rows' locks in the same order.
  INSERT INTO post_ranges AS r (range_start, posts)
  SELECT id - id % 1000, (CASE TG_OP WHEN 'INSERT' THEN count(*) ELSE -count(*) END)::int
  FROM changed_posts GROUP BY 1 ORDER BY 1
  ON CONFLICT (range_start) DO UPDATE SET posts = r.posts + EXCLUDED.posts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "clear_post_ranges"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM post_ranges;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "posts_inserted_ranges" AFTER INSERT ON "posts"
  REFERENCING NEW TABLE AS changed_posts FOR EACH STATEMENT EXECUTE FUNCTION count_post_ranges();
--> statement-breakpoint
CREATE TRIGGER "posts_deleted_ranges" AFTER DELETE ON "posts"
  REFERENCING OLD TABLE AS changed_posts FOR EACH STATEMENT EXECUTE FUNCTION count_post_ranges();
--> statement-breakpoint
CREATE TRIGGER "posts_truncated_ranges" AFTER TRUNCATE ON "posts"
  FOR EACH STATEMENT EXECUTE FUNCTION clear_post_ranges();
--> statement-breakpoint
INSERT INTO "post_ranges" ("range_start", "posts")
SELECT id - id % 1000, count(*)::int FROM "posts" GROUP BY 1;
