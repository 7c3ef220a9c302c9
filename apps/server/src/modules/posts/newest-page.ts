import { sql } from 'drizzle-orm';
import { POST_RANGE_SIZE } from '../../db/schema/content.ts';

/**
 * A page of every post, newest first, with the exact total, from the per-range counts: the page
 * starts in the range that holds its first row, so a deep page walks at most one range of ids
 * instead of every newer post.
 */
export const newestPostsPage = (offset: number, perPage: number) =>
  sql`WITH start AS (
        SELECT range_start, through - posts AS before
        FROM (SELECT range_start, posts, sum(posts) OVER (ORDER BY range_start DESC) AS through
              FROM post_ranges) running
        WHERE through > ${offset} ORDER BY range_start DESC LIMIT 1
      )
      SELECT ARRAY(SELECT p.id FROM posts p
                   WHERE p.id < (SELECT range_start + ${POST_RANGE_SIZE} FROM start)
                   ORDER BY p.id DESC
                   LIMIT ${perPage} OFFSET (SELECT ${offset} - before FROM start)) AS ids,
             (SELECT COALESCE(sum(posts), 0)::int FROM post_ranges) AS total`;
