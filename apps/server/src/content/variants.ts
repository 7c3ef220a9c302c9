import { PUBLISH_TARGETS, postedFlag } from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, type Executor, queryRows } from '../db/client.ts';
import type { ContentKind } from './kinds.ts';

/** Whether a variant is posted to any target. */
const POSTED_ANYWHERE = sql.join(
  PUBLISH_TARGETS.map((target) => sql.identifier(postedFlag(target))),
  sql` OR `,
);

/**
 * Gives the selected posts exactly one variant per website of their category: adds the missing
 * ones (with the post's description) and removes those of websites the category no longer has.
 * `postCondition` is a condition on `p` (posts).
 */
export async function syncPostVariants(db: Executor, postCondition: SQL) {
  await db.execute(sql`
    DELETE FROM post_variants pv USING posts p
    WHERE p.id = pv.post_id AND ${postCondition}
      AND NOT EXISTS (SELECT 1 FROM category_variants cv
                      WHERE cv.category_id = p.category_id AND cv.website_id = pv.website_id)`);
  await db.execute(sql`
    INSERT INTO post_variants (post_id, website_id, description)
    SELECT p.id, cv.website_id, p.description
    FROM posts p JOIN category_variants cv ON cv.category_id = p.category_id
    WHERE ${postCondition}
    ON CONFLICT (post_id, website_id) DO NOTHING`);
}

/**
 * After a record's content changed: every variant gets a new version (a new idempotency key for
 * its next delivery), variants already posted somewhere are marked updated-after-posted, and
 * variants whose description was still the record's old one follow the new one.
 */
export async function markContentChanged(
  db: Executor,
  kind: ContentKind,
  recordId: number,
  descriptions: { before: string; after: string },
) {
  await db.execute(sql`
    UPDATE ${sql.identifier(kind.variants)} SET
      version = version + 1,
      is_updated_after_posted = is_updated_after_posted OR ${POSTED_ANYWHERE},
      description = CASE WHEN description = ${descriptions.before}
                         THEN ${descriptions.after} ELSE description END,
      updated_at = now()
    WHERE ${sql.identifier(kind.owner)} = ${recordId}`);
}

/**
 * A variant as the publishing workers send it: its own text and version, its record, and its
 * website with the webhook settings. Read when the job runs, so a delivery always carries the
 * current content.
 */
export interface VariantContent {
  kind: 'category' | 'post';
  variantId: number;
  version: number;
  /** The variant's own text for its website. */
  description: string;
  website: {
    id: number;
    name: string;
    url: string;
    active: boolean;
    webhookSecret: string;
    webhookUrl: string | null;
  };
  /** The category (for a category variant) or the post and its category. */
  record: {
    id: number;
    /** A category's name or a post's title. */
    title: string;
    description: string;
    slug: string | null;
    keywords: string | null;
    type: string | null;
    contentReference: string | null;
    category: { id: number; name: string; slug: string } | null;
  };
}

interface VariantRow {
  variant_id: number;
  version: number;
  variant_description: string;
  website_id: number;
  website_name: string;
  website_url: string;
  website_status: number;
  webhook_secret: string;
  webhook_url: string | null;
  record_id: number;
  title: string;
  record_description: string;
  slug: string | null;
  keywords: string | null;
  type: string | null;
  content_reference: string | null;
  category_id: number | null;
  category_name: string | null;
  category_slug: string | null;
}

/** The variant's content, or null when it (or its record) has been deleted since. */
export async function loadVariant(
  db: Db,
  kind: 'category' | 'post',
  variantId: number,
): Promise<VariantContent | null> {
  const query =
    kind === 'category'
      ? sql`SELECT v.id AS variant_id, v.version, v.description AS variant_description,
                   w.id AS website_id, w.name AS website_name, w.url AS website_url,
                   w.status AS website_status, w.webhook_secret, s.category_webhook_url AS webhook_url,
                   c.id AS record_id, c.name AS title, c.description AS record_description, c.slug,
                   c.keywords, c.type, NULL AS content_reference,
                   NULL::int AS category_id, NULL AS category_name, NULL AS category_slug
            FROM category_variants v
            JOIN categories c ON c.id = v.category_id
            JOIN websites w ON w.id = v.website_id
            LEFT JOIN website_settings s ON s.website_id = w.id
            WHERE v.id = ${variantId}`
      : sql`SELECT v.id AS variant_id, v.version, v.description AS variant_description,
                   w.id AS website_id, w.name AS website_name, w.url AS website_url,
                   w.status AS website_status, w.webhook_secret, s.post_webhook_url AS webhook_url,
                   p.id AS record_id, p.title, p.description AS record_description, NULL AS slug,
                   NULL AS keywords, NULL AS type, p.content_reference,
                   c.id AS category_id, c.name AS category_name, c.slug AS category_slug
            FROM post_variants v
            JOIN posts p ON p.id = v.post_id
            JOIN categories c ON c.id = p.category_id
            JOIN websites w ON w.id = v.website_id
            LEFT JOIN website_settings s ON s.website_id = w.id
            WHERE v.id = ${variantId}`;
  const [row] = await queryRows<VariantRow>(db, query);
  if (!row) return null;
  return {
    kind,
    variantId: row.variant_id,
    version: row.version,
    description: row.variant_description,
    website: {
      id: row.website_id,
      name: row.website_name,
      url: row.website_url,
      active: row.website_status === 1,
      webhookSecret: row.webhook_secret,
      webhookUrl: row.webhook_url,
    },
    record: {
      id: row.record_id,
      title: row.title,
      description: row.record_description,
      slug: row.slug,
      keywords: row.keywords,
      type: row.type,
      contentReference: row.content_reference,
      category:
        row.category_id === null
          ? null
          : { id: row.category_id, name: row.category_name ?? '', slug: row.category_slug ?? '' },
    },
  };
}
