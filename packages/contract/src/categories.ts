import { z } from 'zod';
import { categoryFilterFields, detailRowBaseSchema } from './content-actions.ts';
import { messageSchema } from './errors.ts';
import { requiredText } from './fields.ts';
import { CATEGORY_TYPES, RECORD_STATUS_OPTIONS, YES_NO_OPTIONS } from './options.ts';
import {
  estimatedPageSchema,
  MAX_ID,
  ORDER_DIRECTIONS,
  type OrderDirection,
  pageQuerySchema,
  readOrderDirection,
  searchTermSchema,
} from './pagination.ts';
import { defineResource } from './resource.ts';
import { recordReviewFieldsSchema } from './workflows.ts';

export const CATEGORY_MESSAGES = {
  nameRequired: 'Name is required',
  slugRequired: 'Slug is required',
  slugInvalid: 'The slug may contain only lowercase letters, digits and single dashes',
  slugTaken: 'This slug is already taken',
  descriptionRequired: 'Description is required',
  keywordsRequired: 'Keywords is required',
  typeInvalid: `The type must be one of: ${CATEGORY_TYPES.join(', ')}`,
  websitesEmpty: 'At least one website must be selected',
  websitesRequired: 'Websites are required',
  unknownWebsites: (ids: readonly number[]) => `These websites do not exist: ${ids.join(', ')}`,
  parentsInvalid: 'Parents must be a list of category ids',
  unknownParents: (ids: readonly number[]) => `These categories do not exist: ${ids.join(', ')}`,
  parentIsSelf: 'A category cannot be its own parent',
  parentCycle: (names: readonly string[]) =>
    `A category cannot be a parent of its own ancestor: ${names.join(', ')} already descend from it`,
  statusRequired: 'Status is required',
  autoGoogleSyncRequired: 'Auto Google Sync is required',
  isApprovedRequired: 'Is Approved is required',
  hasDependents: (posts: number, children: number) =>
    `This category has ${posts} ${posts === 1 ? 'post' : 'posts'} and ${children} ${
      children === 1 ? 'sub-category' : 'sub-categories'
    }. Choose a category to move them to before deleting it.`,
  moveTargetMissing: 'The category to move to does not exist',
  moveTargetInside:
    'The category to move to cannot be the deleted category or one of its sub-categories',
  created: 'Category created successfully!',
  updated: 'Category updated successfully!',
  deleted: 'Category deleted successfully!',
  synced: 'Category synced successfully!',
} as const;

export const CATEGORY_NAME_MAX = 255;
export const CATEGORY_DESCRIPTION_MAX = 5000;
export const CATEGORY_KEYWORDS_MAX = 1000;

/** The slug the form proposes while the name is typed (until the slug is edited by hand). */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A choice among numeric options; the form may send it as text ("1"). */
function numericChoice(options: readonly { value: number }[], message: string) {
  const allowed = options.map((option) => option.value);
  return z.preprocess(
    (value) => (typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value),
    z.number({ error: message }).refine((value) => allowed.includes(value), message),
  );
}

/** The most websites or parents one category form saves (and a single category answers). */
export const CATEGORY_FORM_LIST_MAX = 1000;

const idList = (message: string) =>
  z
    .array(z.number({ error: message }).int().positive(message).max(MAX_ID, message), {
      error: message,
    })
    .max(CATEGORY_FORM_LIST_MAX);

const categoryFields = {
  name: requiredText(CATEGORY_MESSAGES.nameRequired, CATEGORY_NAME_MAX),
  slug: requiredText(CATEGORY_MESSAGES.slugRequired, CATEGORY_NAME_MAX).regex(
    SLUG_PATTERN,
    CATEGORY_MESSAGES.slugInvalid,
  ),
  description: requiredText(CATEGORY_MESSAGES.descriptionRequired, CATEGORY_DESCRIPTION_MAX),
  type: z.enum(CATEGORY_TYPES, { error: CATEGORY_MESSAGES.typeInvalid }).default('default'),
  keywords: requiredText(CATEGORY_MESSAGES.keywordsRequired, CATEGORY_KEYWORDS_MAX),
  websites: z
    .array(
      z
        .number({ error: CATEGORY_MESSAGES.websitesRequired })
        .int()
        .positive()
        .max(MAX_ID, CATEGORY_MESSAGES.websitesRequired),
      { error: CATEGORY_MESSAGES.websitesRequired },
    )
    .min(1, CATEGORY_MESSAGES.websitesEmpty)
    .max(CATEGORY_FORM_LIST_MAX),
  parents: idList(CATEGORY_MESSAGES.parentsInvalid).default([]),
};

/** POST /api/categories */
export const categoryCreateSchema = z.strictObject(categoryFields);
export type CategoryCreateInput = z.input<typeof categoryCreateSchema>;

/** PUT /api/categories/{id}: the edit form also sets status, auto_google_sync and is_approved. */
export const categoryUpdateSchema = z.strictObject({
  ...categoryFields,
  status: numericChoice(RECORD_STATUS_OPTIONS, CATEGORY_MESSAGES.statusRequired),
  auto_google_sync: numericChoice(YES_NO_OPTIONS, CATEGORY_MESSAGES.autoGoogleSyncRequired),
  is_approved: numericChoice(YES_NO_OPTIONS, CATEGORY_MESSAGES.isApprovedRequired),
});

/** Columns the Categories list can be sorted by (each has an index). */
export const CATEGORY_ORDER_KEYS = [
  'id',
  'name',
  'slug',
  'created_at',
  'views',
  'ga4_views',
] as const;
export type CategoryOrderKey = (typeof CATEGORY_ORDER_KEYS)[number];
export const CATEGORY_ORDER_KEY_LABELS: Record<CategoryOrderKey, string> = {
  id: 'ID',
  name: 'Name',
  slug: 'Slug',
  created_at: 'Created At',
  views: 'Views',
  ga4_views: 'GA4 Views',
};

/**
 * The direction an order key takes when the request names none: names A→Z, ids and dates newest
 * first, views most first (the list's default, by id, is newest first).
 */
export const CATEGORY_ORDER_DEFAULT_DIRECTIONS: Record<CategoryOrderKey, OrderDirection> = {
  id: 'desc',
  name: 'asc',
  slug: 'asc',
  created_at: 'desc',
  views: 'desc',
  ga4_views: 'desc',
};

/** The Categories list's status filter: 1 Active, 0 Inactive (the form stores 2). */
export const CATEGORY_STATUS_FILTER_OPTIONS = [
  { value: 1, label: 'Active' },
  { value: 0, label: 'Inactive' },
] as const;

const orderDirection = z.preprocess(readOrderDirection, z.enum(ORDER_DIRECTIONS).optional());

/**
 * GET /api/categories. `order_key` is the column; `order_dir` the direction. `order_by` is read as
 * the direction too when `order_dir` is absent (clients of the original API send either). Default: newest first.
 */
export const categoryListQuerySchema = pageQuerySchema.extend({
  ...categoryFilterFields,
  order_key: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(CATEGORY_ORDER_KEYS).default('id'),
  ),
  order_by: orderDirection,
  order_dir: orderDirection,
});
export type CategoryListQuery = z.infer<typeof categoryListQuerySchema>;

export const namedRefSchema = z.object({ id: z.number(), name: z.string() });
export type NamedRef = z.infer<typeof namedRefSchema>;

/** A row of GET /api/categories, and the answer of POST and PUT. */
export const categoryRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  type: z.enum(CATEGORY_TYPES),
  keywords: z.string(),
  status: z.number(),
  is_approved: z.number(),
  synced: z.number(),
  auto_google_sync: z.number(),
  posts_count: z.number(),
  /** The beacon's page views of the last 30 days: the category's own pages and its posts'. */
  views: z.number(),
  /** What GA4 counted over the same 30 days, kept beside the beacon's (never added to them). */
  ga4_views: z.number(),
  websites: z.array(namedRefSchema),
  parents: z.array(namedRefSchema),
  grandParents: z.array(namedRefSchema),
  /** Sub-categories (categories that list this one as a parent). */
  childrens: z.array(namedRefSchema),
  /** Sub-categories created under this one. */
  own_childrens: z.array(namedRefSchema),
  created_at: z.string(),
  /** The earliest scheduled publish among the category's variants; null when none is scheduled. */
  next_publish_at: z.string().nullable(),
  ...recordReviewFieldsSchema.shape,
});
export type CategoryRow = z.infer<typeof categoryRowSchema>;
export const categoryListSchema = estimatedPageSchema(categoryRowSchema);

/**
 * Related lists (websites, parents, children) carry at most this many names per list row;
 * GET /api/categories/{id} answers every website and parent.
 */
export const RELATED_LIST_LIMIT = 25;

/**
 * GET /api/categories/details/{id} without `page`: options for the form's multi-selects, ordered
 * by name: id 0 = all categories, otherwise the sub-categories of that category. `query` narrows
 * by name; at most CATEGORY_OPTIONS_LIMIT are answered.
 */
export const categoryOptionsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).optional(),
  per_page: z.coerce.number().int().min(1).max(100).optional(),
  query: searchTermSchema,
});
export const CATEGORY_OPTIONS_LIMIT = 1000;
export const categoryOptionsSchema = z.array(namedRefSchema);

/** A row of the category's Detailed Review (GET /api/categories/details/{id}?page=n). */
export const categoryDetailRowSchema = detailRowBaseSchema.extend({
  category_name: z.string(),
});
export const categoryDetailListSchema = estimatedPageSchema(categoryDetailRowSchema);

/** DELETE /api/categories/{id}?move_to=n (or body { move_to }). */
export const categoryDeleteSchema = z.object({
  move_to: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.coerce
      .number()
      .int()
      .positive(CATEGORY_MESSAGES.moveTargetMissing)
      .max(MAX_ID, CATEGORY_MESSAGES.moveTargetMissing)
      .optional(),
  ),
});

/** The Categories list's filters, each one search parameter of the list and of its screen. */
export const CATEGORY_LIST_FILTERS = Object.keys(
  categoryFilterFields,
) as (keyof typeof categoryFilterFields)[];

/**
 * The Categories list and form's routes. A delete may move the category's posts to another one
 * (`move_to`, in the query or the body); there is no bulk delete.
 */
export const categoriesResource = defineResource({
  name: 'categories',
  path: '/api/categories',
  subject: 'category',
  noun: { one: 'category', many: 'categories' },
  list: {
    query: categoryListQuerySchema,
    answer: categoryListSchema,
    filters: CATEGORY_LIST_FILTERS,
  },
  export: true,
  get: {
    answer: categoryRowSchema,
    description: 'One category with every website and parent (a list row carries 25 of each).',
  },
  create: { body: categoryCreateSchema, answer: categoryRowSchema },
  update: { body: categoryUpdateSchema, answer: categoryRowSchema },
  remove: {
    answer: messageSchema,
    query: categoryDeleteSchema,
    body: categoryDeleteSchema.nullish(),
  },
});
