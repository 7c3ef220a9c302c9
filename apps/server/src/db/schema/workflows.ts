import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './access.ts';
import { createdAt, updatedAt } from './columns.ts';
import { categoryVariants, postVariants } from './content.ts';

/**
 * Review workflows: ordered stages a category or post variant moves through, its history of
 * moves, assignments and comments, and the one-off links an outside reviewer decides with. A
 * variant's stage, assignee and due date live on the variant tables (`variantReview`, content.ts).
 */

export const workflows = pgTable(
  'workflows',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** The workflow of every website whose `workflow_id` is null; exactly one, never deleted. */
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('workflows_name_unique').on(sql`lower(${t.name})`),
    uniqueIndex('workflows_one_default').on(t.isDefault).where(sql`${t.isDefault}`),
  ],
);

export const workflowStages = pgTable(
  'workflow_stages',
  {
    id: serial('id').primaryKey(),
    workflowId: integer('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    colour: text('colour').notNull(),
    /** 0 is the first stage; the highest is the last, which means approved. */
    position: smallint('position').notNull(),
    /** Who may move a variant out of this stage; both empty: anyone who may review. */
    roleIds: integer('role_ids').array().notNull().default(sql`'{}'`),
    userIds: integer('user_ids').array().notNull().default(sql`'{}'`),
  },
  (t) => [uniqueIndex('workflow_stages_workflow_position_unique').on(t.workflowId, t.position)],
);

/** The variant column a review row names: one of the two, by the variant's kind. */
const variantColumns = () => ({
  categoryVariantId: integer('category_variant_id'),
  postVariantId: integer('post_variant_id'),
});

/** The two variant columns' keys, named as migration 0022 named them. */
const variantKeys = (
  table: string,
  t: { categoryVariantId: AnyPgColumn; postVariantId: AnyPgColumn },
) => [
  foreignKey({
    name: `${table}_category_variant_id_fk`,
    columns: [t.categoryVariantId],
    foreignColumns: [categoryVariants.id],
  }).onDelete('cascade'),
  foreignKey({
    name: `${table}_post_variant_id_fk`,
    columns: [t.postVariantId],
    foreignColumns: [postVariants.id],
  }).onDelete('cascade'),
];

/**
 * A variant's history: `stage_changed`, `assigned` and `commented` events, with the user (by id
 * and by name at the time) and what changed in `details` (stage names, assignee, comment text).
 */
export const variantReviews = pgTable(
  'variant_reviews',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...variantColumns(),
    event: text('event').notNull(),
    userId: integer('user_id'),
    userName: text('user_name'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    ...variantKeys('variant_reviews', t),
    check(
      'variant_reviews_one_variant',
      sql`num_nonnulls(${t.categoryVariantId}, ${t.postVariantId}) = 1`,
    ),
    index('variant_reviews_category_variant_idx')
      .on(t.categoryVariantId, t.id)
      .where(sql`${t.categoryVariantId} IS NOT NULL`),
    index('variant_reviews_post_variant_idx')
      .on(t.postVariantId, t.id)
      .where(sql`${t.postVariantId} IS NOT NULL`),
  ],
);

/** A one-off link an outside reviewer approves or sends back one variant with; the token is hashed. */
export const reviewLinks = pgTable(
  'review_links',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    ...variantColumns(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    ...variantKeys('review_links', t),
    check(
      'review_links_one_variant',
      sql`num_nonnulls(${t.categoryVariantId}, ${t.postVariantId}) = 1`,
    ),
    uniqueIndex('review_links_token_hash_unique').on(t.tokenHash),
  ],
);

/**
 * How many variants each stage holds, kept by statement-level triggers on the variants as rows of
 * changes (migration 0026): a stage's count is the sum of its rows (db/review-stage-counts.ts).
 */
const stageCountColumns = () => ({
  stageId: integer('stage_id').notNull(),
  variants: integer('variants').notNull(),
});
export const postStageCounts = pgTable('post_stage_counts', stageCountColumns());
export const categoryStageCounts = pgTable('category_stage_counts', stageCountColumns());
