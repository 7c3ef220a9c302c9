import { CATEGORY_NAME_MAX, slugify } from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../db/client.ts';
import { insertCategory, insertPost } from './records.ts';

/**
 * Records generated under a category, by the scheduled AI refresh or by an instance's agent: the
 * same rules for both. A sub-category gets a unique slug, the website it was generated for and
 * its source category as parent; a post goes in the source category; a name the category already
 * has is not created again.
 */

/** Room left in a generated slug for the '-2', '-3' … that makes it unique. */
const SLUG_SUFFIX_ROOM = 10;

/** Names and creation times of the records already under the category `source` (an id). */
export const RECORDS_UNDER: Record<'category' | 'post', (source: SQL) => SQL> = {
  category: (source) => sql`
    SELECT sub.name, sub.created_at FROM category_parents cp
    JOIN categories sub ON sub.id = cp.category_id WHERE cp.parent_id = ${source}`,
  post: (source) =>
    sql`SELECT p.title AS name, p.created_at FROM posts p WHERE p.category_id = ${source}`,
};

/** A slug no category has yet: the name's, or else that followed by -2, -3 … */
export async function uniqueSlug(db: Executor, name: string) {
  const base = (slugify(name) || 'category')
    .slice(0, CATEGORY_NAME_MAX - SLUG_SUFFIX_ROOM)
    .replace(/-+$/, '');
  const rows = await queryRows<{ slug: string }>(
    db,
    sql`SELECT slug FROM categories WHERE slug = ${base} OR slug LIKE ${`${base}-%`}`,
  );
  const taken = new Set(rows.map((row) => row.slug));
  if (!taken.has(base)) return base;
  let suffix = 2;
  while (taken.has(`${base}-${suffix}`)) suffix += 1;
  return `${base}-${suffix}`;
}

/** Whether the category `sourceId` already has a record of this kind named `name` (any case). */
export async function hasRecordNamed(
  db: Executor,
  kind: 'category' | 'post',
  sourceId: number,
  name: string,
) {
  const rows = await queryRows<{ found: number }>(
    db,
    sql`SELECT 1 AS found FROM (${RECORDS_UNDER[kind](sql`${sourceId}`)}) e
        WHERE lower(e.name) = lower(${name}) LIMIT 1`,
  );
  return rows.length > 0;
}

/** A generated sub-category of `sourceId` on the website it was generated for; answers its id. */
export async function insertGeneratedCategory(
  tx: Executor,
  { websiteId, sourceId }: { websiteId: number; sourceId: number },
  proposal: { name: string; description: string; keywords: string },
) {
  return insertCategory(tx, {
    ...proposal,
    slug: await uniqueSlug(tx, proposal.name),
    type: 'default',
    websites: [websiteId],
    // The category generated under is its parent and the one it was created under.
    parents: [sourceId],
  });
}

/**
 * A generated post in the category `sourceId`; answers its id. It has a variant on every website
 * of its category, like one created in the form.
 */
export function insertGeneratedPost(
  tx: Executor,
  sourceId: number,
  proposal: { title: string; description: string },
) {
  return insertPost(tx, { ...proposal, category_id: sourceId });
}
