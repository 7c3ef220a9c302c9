-- The beginnings and ends (3 and 6 characters) of a text's words, a word being a run of letters,
-- digits and any character beyond ASCII, lower-cased as ILIKE compares: 'p' marks a beginning,
-- 's' an end. A search for "fovebo mevobu" needs a word ending in "fovebo" and one beginning with
-- "mevobu", two exact entries of the index below instead of the trigram index's many.
CREATE OR REPLACE FUNCTION "search_word_ends"(value text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT array_to_tsvector(COALESCE(array_agg(lexeme), '{}'))
  FROM regexp_split_to_table(lower(value), '[\x01-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]+') word,
       unnest(ARRAY[3, 6]) size,
       LATERAL (VALUES ('p' || left(word, size)), ('s' || right(word, size))) lexemes(lexeme)
  WHERE char_length(word) >= size
$$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "posts_title_words" ON "posts" USING gin (search_word_ends("title"));
