import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { CATEGORY_KIND, type ContentKind, POST_KIND, selectRows } from '../categories/content.ts';

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

export const kindOf = (kind: 'category' | 'post'): ContentKind =>
  kind === 'category' ? CATEGORY_KIND : POST_KIND;

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
  const [row] = await selectRows<VariantRow>(db, query);
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

/** The idempotency key of a delivery: the same content version always carries the same key. */
export const idempotencyKey = (variant: Pick<VariantContent, 'kind' | 'variantId' | 'version'>) =>
  `${variant.kind}-${variant.variantId}-v${variant.version}`;

/** The text a social network receives: the title, the variant's text, and a link when there is one. */
export function socialText(variant: VariantContent) {
  const body = variant.description || variant.record.description;
  const link = variant.record.contentReference ?? variant.website.url;
  return [variant.record.title, body, link].filter(Boolean).join('\n\n');
}
