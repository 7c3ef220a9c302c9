-- How many variants each stage holds, kept per kind as rows of changes: a stage's count is the
-- sum of its rows. Each statement that writes variants adds rows of its own and never updates a
-- kept one, so writers of variants never wait on each other for a count (a bulk approve holding
-- the Draft and Approved counts until it commits would hold up every post created meanwhile).
-- A scheduled task folds the rows into one per stage (db/review-stage-counts.ts).
CREATE TABLE "post_stage_counts" (
	"stage_id" integer NOT NULL,
	"variants" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category_stage_counts" (
	"stage_id" integer NOT NULL,
	"variants" integer NOT NULL
);
--> statement-breakpoint
-- The counts' table is the trigger's argument. An update that moves no variant adds no row.
CREATE FUNCTION "count_variant_stages"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'INSERT INTO %I (stage_id, variants)
     SELECT stage_id, sum(change)::int FROM (%s) changes
     GROUP BY stage_id HAVING sum(change) <> 0',
    TG_ARGV[0],
    CASE TG_OP
      WHEN 'INSERT' THEN 'SELECT stage_id, 1 AS change FROM added'
      WHEN 'DELETE' THEN 'SELECT stage_id, -1 AS change FROM removed'
      ELSE 'SELECT stage_id, 1 AS change FROM added
            UNION ALL SELECT stage_id, -1 AS change FROM removed'
    END);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "clear_variant_stages"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('DELETE FROM %I', TG_ARGV[0]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "post_variants_inserted_stages" AFTER INSERT ON "post_variants"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION count_variant_stages('post_stage_counts');
--> statement-breakpoint
CREATE TRIGGER "post_variants_updated_stages" AFTER UPDATE ON "post_variants"
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION count_variant_stages('post_stage_counts');
--> statement-breakpoint
CREATE TRIGGER "post_variants_deleted_stages" AFTER DELETE ON "post_variants"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION count_variant_stages('post_stage_counts');
--> statement-breakpoint
CREATE TRIGGER "post_variants_truncated_stages" AFTER TRUNCATE ON "post_variants"
  FOR EACH STATEMENT EXECUTE FUNCTION clear_variant_stages('post_stage_counts');
--> statement-breakpoint
CREATE TRIGGER "category_variants_inserted_stages" AFTER INSERT ON "category_variants"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION count_variant_stages('category_stage_counts');
--> statement-breakpoint
CREATE TRIGGER "category_variants_updated_stages" AFTER UPDATE ON "category_variants"
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION count_variant_stages('category_stage_counts');
--> statement-breakpoint
CREATE TRIGGER "category_variants_deleted_stages" AFTER DELETE ON "category_variants"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION count_variant_stages('category_stage_counts');
--> statement-breakpoint
CREATE TRIGGER "category_variants_truncated_stages" AFTER TRUNCATE ON "category_variants"
  FOR EACH STATEMENT EXECUTE FUNCTION clear_variant_stages('category_stage_counts');
--> statement-breakpoint
INSERT INTO "post_stage_counts" ("stage_id", "variants")
SELECT "stage_id", count(*)::int FROM "post_variants" GROUP BY 1;
--> statement-breakpoint
INSERT INTO "category_stage_counts" ("stage_id", "variants")
SELECT "stage_id", count(*)::int FROM "category_variants" GROUP BY 1;
