import { PUBLISH_TARGETS, type PublishTarget, postedFlag } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './access.ts';
import { createdAt, flag, SEARCH_INDEX_OPTIONS, trigram, updatedAt } from './columns.ts';
import { websites } from './websites.ts';
import { workflowStages } from './workflows.ts';

/** Categories and posts, with their per-website variants and the post ranges. */

/** A variant's flag per publishing target: `isPostedToWebsite` is `is_posted_to_website`. */
const postedFlags = () =>
  Object.fromEntries(
    PUBLISH_TARGETS.map((target) => [
      `isPostedTo${target[0]!.toUpperCase()}${target.slice(1)}`,
      flag(postedFlag(target)),
    ]),
  ) as { [Target in PublishTarget as `isPostedTo${Capitalize<Target>}`]: ReturnType<typeof flag> };

/**
 * Where a category or post variant stands in its website's review workflow (migration 0022). An
 * insert that names no stage gets its website's first stage (the last when it comes in approved)
 * from a trigger, which runs before the NOT NULL check: the insert's default is that trigger.
 */
const variantReview = () => ({
  stageId: integer('stage_id')
    .notNull()
    .$defaultFn(() => sql`DEFAULT`)
    .references((): AnyPgColumn => workflowStages.id, { onDelete: 'restrict' }),
  assigneeId: integer('assignee_id').references((): AnyPgColumn => users.id, {
    onDelete: 'set null',
  }),
  dueAt: timestamp('due_at', { withTimezone: true }),
  /** Who asked for the variant's generation: the second person rule counts them as its author. */
  generationRequestedBy: integer('generation_requested_by').references(
    (): AnyPgColumn => users.id,
    { onDelete: 'set null' },
  ),
});

/** Delivery flags shared by category and post variants. */
const variantFlags = () => ({
  description: text('description').notNull().default(''),
  synced: flag('synced'),
  isApproved: flag('is_approved'),
  isUpdatedAfterPosted: flag('is_updated_after_posted'),
  ...postedFlags(),
  /** Bumped on every content change; with the id it is the delivery's idempotency key. */
  version: integer('version').notNull().default(1),
  /**
   * Where each target's delivery stands: `{ "website": { "status": "delivered", "error": null },
   * "facebook": { "status": "failed", "error": "…" } }` (`ai` for a regeneration).
   */
  deliveries: jsonb('deliveries')
    .$type<Record<string, { status: string; error: string | null }>>()
    .notNull()
    .default({}),
  /** Their summary, shown in Detailed Review: queued while any target is, else failed, else delivered. */
  deliveryStatus: text('delivery_status'),
  /** The error of a failed target (or the note of one being retried). */
  deliveryError: text('delivery_error'),
  /** When the variant is scheduled to be published to its website (UTC); null when it is not. */
  publishAt: timestamp('publish_at', { withTimezone: true }),
  /**
   * Where its website published it (a webhook's 2xx answer `{ "url": … }`, an import or an edit),
   * and that URL's path, to which the beacon's page views are matched (db/schema/traffic.ts).
   */
  publishedUrl: text('published_url'),
  publishedPath: text('published_path'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull(),
    type: text('type').notNull().default('default'),
    keywords: text('keywords').notNull(),
    status: smallint('status').notNull().default(1),
    isApproved: smallint('is_approved').notNull().default(0),
    autoGoogleSync: smallint('auto_google_sync').notNull().default(0),
    synced: smallint('synced').notNull().default(0),
    views: bigint('views', { mode: 'number' }).notNull().default(0),
    /** What GA4 counted over the same 30 days (modules/traffic/views.ts). */
    ga4Views: bigint('ga4_views', { mode: 'number' }).notNull().default(0),
    /** The category this one was created under (its own_childrens). */
    createdUnderId: integer('created_under_id').references((): AnyPgColumn => categories.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('categories_slug_unique').on(t.slug),
    trigram('categories_name_trgm', t.name),
    /** The Categories list sorted by name: an ordered walk that stops after one page. */
    index('categories_name_id_idx').on(t.name, t.id),
    index('categories_status_idx').on(t.status),
    index('categories_created_at_idx').on(t.createdAt),
    index('categories_views_idx').on(t.views),
    index('categories_ga4_views_idx').on(t.ga4Views),
    index('categories_created_under_idx').on(t.createdUnderId),
  ],
);

export const categoryParents = pgTable(
  'category_parents',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.parentId] }),
    index('category_parents_parent_idx').on(t.parentId),
  ],
);

export const categoryVariants = pgTable(
  'category_variants',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    ...variantFlags(),
    ...variantReview(),
  },
  (t) => [
    uniqueIndex('category_variants_category_website_unique').on(t.categoryId, t.websiteId),
    /** A page view's category, found by its path on its website. */
    index('category_variants_published_path_idx')
      .on(t.websiteId, t.publishedPath)
      .where(sql`${t.publishedPath} IS NOT NULL`),
    /** A review stage's variants, and its count (review-stage-counts). */
    index('category_variants_stage_idx').on(t.stageId, t.categoryId),
    /** "Assigned to me", by stage. */
    index('category_variants_assignee_stage_idx')
      .on(t.assigneeId, t.stageId, t.categoryId)
      .where(sql`${t.assigneeId} IS NOT NULL`),
    /** The scheduled retry finds failed deliveries without reading every variant. */
    index('category_variants_failed_idx')
      .on(t.updatedAt)
      .where(sql`${t.deliveryStatus} = 'failed'`),
    /** Filters by website, and drives them: a website's category ids without touching rows. */
    index('category_variants_website_category_idx').on(t.websiteId, t.categoryId),
    index('category_variants_pending_idx')
      .on(t.websiteId)
      .where(sql`${t.deliveryStatus} IN ('queued', 'paused')`),
    /** The scheduled publishing finds the due variants, and the calendar the scheduled ones. */
    index('category_variants_publish_at_idx')
      .on(t.publishAt)
      .where(sql`${t.publishAt} IS NOT NULL`),
  ],
);

export const posts = pgTable(
  'posts',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    contentReference: text('content_reference'),
    status: smallint('status').notNull().default(1),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    views: bigint('views', { mode: 'number' }).notNull().default(0),
    /** What GA4 counted over the same 30 days (modules/traffic/views.ts). */
    ga4Views: bigint('ga4_views', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    trigram('posts_title_trgm', t.title),
    // A search whose term fixes word boundaries looks up word beginnings and ends (lists/search.ts).
    index('posts_title_words')
      .using('gin', sql`search_word_ends(${t.title})`)
      .with(SEARCH_INDEX_OPTIONS),
    index('posts_category_idx').on(t.categoryId),
    index('posts_created_at_idx').on(t.createdAt),
    // The list sorted by title walks this index and stops after the page.
    index('posts_title_id_idx').on(t.title, t.id),
    index('posts_status_idx').on(t.status),
    // The list sorted by views walks this one; the views task finds the posts with views in it.
    index('posts_views_id_idx').on(t.views, t.id),
    index('posts_ga4_views_id_idx').on(t.ga4Views, t.id),
  ],
);

/** Ids per row of `post_ranges`, as its triggers group them (migration 0009). */
export const POST_RANGE_SIZE = 1000;

/**
 * How many posts each range of POST_RANGE_SIZE ids holds, kept by triggers on posts (migration
 * 0009): a deep page of the newest-first list starts from the range it falls in instead of
 * walking every newer post, and the unfiltered list's exact total is a sum of these rows.
 */
export const postRanges = pgTable('post_ranges', {
  rangeStart: integer('range_start').primaryKey(),
  posts: integer('posts').notNull(),
});

/** Ids per row of `post_range_blocks`: a hundred ranges (migration 0031). */
export const POST_BLOCK_SIZE = 100 * POST_RANGE_SIZE;

/**
 * How many posts each block of POST_BLOCK_SIZE ids holds: the sums of its ranges, kept by
 * triggers on post_ranges (migration 0031), however a range changes. A deep page finds its block
 * here, then its range among the block's hundred, instead of summing every newer range.
 */
export const postRangeBlocks = pgTable('post_range_blocks', {
  blockStart: integer('block_start').primaryKey(),
  posts: integer('posts').notNull(),
});

export const postVariants = pgTable(
  'post_variants',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    ...variantFlags(),
    ...variantReview(),
  },
  (t) => [
    uniqueIndex('post_variants_post_website_unique').on(t.postId, t.websiteId),
    /** A page view's post, found by its path on its website. */
    index('post_variants_published_path_idx')
      .on(t.websiteId, t.publishedPath)
      .where(sql`${t.publishedPath} IS NOT NULL`),
    /** A review stage's variants, and its count (review-stage-counts). */
    index('post_variants_stage_idx').on(t.stageId, t.postId),
    /** "Assigned to me", by stage. */
    index('post_variants_assignee_stage_idx')
      .on(t.assigneeId, t.stageId, t.postId)
      .where(sql`${t.assigneeId} IS NOT NULL`),
    /** The scheduled retry finds failed deliveries without reading every variant. */
    index('post_variants_failed_idx').on(t.updatedAt).where(sql`${t.deliveryStatus} = 'failed'`),
    /** Filters by website, and drives them: a website's post ids without touching rows. */
    index('post_variants_website_post_idx').on(t.websiteId, t.postId),
    index('post_variants_pending_idx')
      .on(t.websiteId)
      .where(sql`${t.deliveryStatus} IN ('queued', 'paused')`),
    /** The scheduled publishing finds the due variants, and the calendar the scheduled ones. */
    index('post_variants_publish_at_idx').on(t.publishAt).where(sql`${t.publishAt} IS NOT NULL`),
  ],
);
