CREATE TABLE "traffic_table_version" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "traffic_table_version" ("id", "version") VALUES (true, 0);
--> statement-breakpoint
-- Once per statement, however many rows it wrote: a batch of page views raises it once.
CREATE FUNCTION traffic_table_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE traffic_table_version SET version = version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER traffic_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON traffic_daily
  FOR EACH STATEMENT EXECUTE FUNCTION traffic_table_changed();
--> statement-breakpoint
-- Not on an update: a website's name and address are read as they are at each request, and its
-- rows change at every delivery, which would make every delivery wait on this one row.
CREATE TRIGGER traffic_table_changed AFTER INSERT OR DELETE OR TRUNCATE ON websites
  FOR EACH STATEMENT EXECUTE FUNCTION traffic_table_changed();
