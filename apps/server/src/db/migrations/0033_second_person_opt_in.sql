-- The four-eyes rule (review.require_second_person) is opt-in: on, it kept an install's only
-- administrator from approving or publishing what they wrote, which every client of the original
-- API does. An install whose setting nobody changed since it was seeded gets it off; one where
-- someone set it (its updated_at moved on) keeps what they chose.
UPDATE "settings" SET "value" = 'false', "updated_at" = now()
WHERE "full_path" = 'review.require_second_person' AND "value" = 'true'
  AND "updated_at" = "created_at";
