import { sql } from 'drizzle-orm';
import { POST_BLOCK_SIZE, POST_RANGE_SIZE } from '../../db/schema/content.ts';

/**
 * A page of every post, newest first, with the exact total, from the kept counts: the page's
 * first row is found in its block of ranges, then in its range among the block's, so a deep page
 * sums at most the blocks before it and a hundred ranges, then walks at most one range of ids,
 * instead of every newer post. The total is the blocks' sum.
 */
export const newestPostsPage = (offset: number, perPage: number) =>
  sql`WITH block AS (
        SELECT block_start, through - posts AS before
        FROM (SELECT block_start, posts,
                     sum(posts) OVER (ORDER BY block_start DESC ROWS UNBOUNDED PRECEDING) AS through
              FROM post_range_blocks) running
        WHERE through > ${offset} ORDER BY block_start DESC LIMIT 1
      ),
      start AS (
        SELECT range_start, through - posts AS before
        FROM (SELECT r.range_start, r.posts,
                     block.before + sum(r.posts) OVER (ORDER BY r.range_start DESC
                                                       ROWS UNBOUNDED PRECEDING) AS through
              FROM block JOIN post_ranges r
                ON r.range_start >= block.block_start
                   AND r.range_start < block.block_start + ${POST_BLOCK_SIZE}) running
        WHERE through > ${offset} ORDER BY range_start DESC LIMIT 1
      )
      SELECT ARRAY(SELECT p.id FROM posts p
                   WHERE p.id < (SELECT range_start + ${POST_RANGE_SIZE} FROM start)
                   ORDER BY p.id DESC
                   LIMIT ${perPage} OFFSET (SELECT ${offset} - before FROM start)) AS ids,
             (SELECT COALESCE(sum(posts), 0)::int FROM post_range_blocks) AS total`;
