DROP INDEX "roles_name_guard_unique";--> statement-breakpoint
-- Two roles whose names differ only by case (a race the old check let through): the later one
-- is renamed with its id, so that the index below can be made.
UPDATE "roles" r SET "name" = r."name" || ' (' || r."id" || ')'
WHERE EXISTS (
  SELECT 1 FROM "roles" o
  WHERE lower(o."name") = lower(r."name") AND o."guard_name" = r."guard_name" AND o."id" < r."id"
);--> statement-breakpoint
CREATE UNIQUE INDEX "roles_name_guard_unique" ON "roles" USING btree (lower("name"),"guard_name");
