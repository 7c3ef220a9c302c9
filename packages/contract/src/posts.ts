import { z } from 'zod';
import { CATEGORY_STATUS_FILTER_OPTIONS, namedRefSchema } from './categories.ts';
import { detailRowBaseSchema, postFilterFields } from './content-actions.ts';
import { messageSchema } from './errors.ts';
import { optionalHttpUrl, requiredText } from './fields.ts';
import { RECORD_STATUS_OPTIONS } from './options.ts';
import {
  estimatedPageSchema,
  MAX_ID,
  ORDER_DIRECTIONS,
  ORDER_MESSAGES,
  pageQuerySchema,
  readOrderDirection,
} from './pagination.ts';
import { postedFlagsSchema } from './publish-targets.ts';
import { defineResource } from './resource.ts';
import { recordReviewFieldsSchema } from './workflows.ts';

export const POST_MESSAGES = {
  /** The original product said 'Name is required' for the title; the title's message names it. */
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  categoryRequired: 'Category is required',
  categoryMissing: 'The selected category does not exist',
  contentReferenceInvalid: 'The content reference must be a valid http(s) URL',
  statusInvalid: 'Status must be 1 (Active) or 2 (Inactive)',
  created: 'Post created successfully!',
  updated: 'Post updated successfully!',
  deleted: 'Post deleted successfully!',
  bulkDeleted: (count: number) =>
    `${count} ${count === 1 ? 'post' : 'posts'} deleted successfully!`,
  synced: 'Post synced successfully!',
} as const;

export const POST_TITLE_MAX = 255;
export const POST_DESCRIPTION_MAX = 50_000;

const postFields = {
  title: requiredText(POST_MESSAGES.titleRequired, POST_TITLE_MAX),
  description: requiredText(POST_MESSAGES.descriptionRequired, POST_DESCRIPTION_MAX),
  category_id: z.preprocess(
    (value) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value),
    z
      .number({ error: POST_MESSAGES.categoryRequired })
      .int(POST_MESSAGES.categoryRequired)
      .positive(POST_MESSAGES.categoryRequired)
      .max(MAX_ID, POST_MESSAGES.categoryRequired),
  ),
  /** Optional: empty text and null mean none. */
  content_reference: optionalHttpUrl(POST_MESSAGES.contentReferenceInvalid).optional(),
  /** 1 Active, 2 Inactive; new posts are active, and an edit without it keeps the status. */
  status: z
    .number({ error: POST_MESSAGES.statusInvalid })
    .refine(
      (value) => RECORD_STATUS_OPTIONS.some((option) => option.value === value),
      POST_MESSAGES.statusInvalid,
    )
    .optional(),
};

/** POST /api/posts and PUT /api/posts/{id}. */
export const postFormSchema = z.strictObject(postFields);

/** GET /api/posts: newest first; filters by category, website and status (1 Active, else Inactive). */
/** The Posts list's status filter: Active (1) or Inactive (any other status), as for categories. */
export const POST_STATUS_FILTER_OPTIONS = CATEGORY_STATUS_FILTER_OPTIONS;

/**
 * Columns the Posts list can be sorted by (each has an index but the title's trigram one); `views`
 * is the last 30 days of the beacon's page views, kept from the traffic roll-ups; `ga4_views` GA4's.
 */
export const POST_ORDER_KEYS = ['title', 'created_at', 'views', 'ga4_views'] as const;
export type PostOrderKey = (typeof POST_ORDER_KEYS)[number];

/**
 * GET /api/posts. Without `order_key` the list is newest first, by id (the quick path of a list
 * of millions); `order_dir` defaults to ascending for the title, descending for the date and for
 * the views.
 */
export const postListQuerySchema = pageQuerySchema.extend({
  ...postFilterFields,
  order_key: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(POST_ORDER_KEYS, { error: ORDER_MESSAGES.keyInvalid(POST_ORDER_KEYS) }).optional(),
  ),
  order_dir: z.preprocess(
    readOrderDirection,
    z.enum(ORDER_DIRECTIONS, { error: ORDER_MESSAGES.directionInvalid }).optional(),
  ),
});
export type PostListQuery = z.infer<typeof postListQuerySchema>;

/**
 * A row of GET /api/posts, and the answer of POST and PUT. `description` is the full text (the
 * list cuts it at POST_DESCRIPTION_PREVIEW). Each is_posted_to_* is 1 when every variant of the
 * post (one per website of its category) is posted there, so green means "delivered everywhere".
 */
export const postRowSchema = z.object({
  // The fields in the list's order, which its CSV export's columns follow.
  id: z.number(),
  title: z.string(),
  description: z.string(),
  category_id: z.number(),
  category: namedRefSchema,
  ...postedFlagsSchema.shape,
  content_reference: z.string().nullable(),
  status: z.number(),
  created_at: z.string(),
  /** The beacon's page views of the last 30 days, on every website. */
  views: z.number(),
  /** What GA4 counted over the same 30 days, kept beside the beacon's (never added to them). */
  ga4_views: z.number(),
  /** The earliest scheduled publish among the post's variants; null when none is scheduled. */
  next_publish_at: z.string().nullable(),
  ...recordReviewFieldsSchema.shape,
});
export type PostRow = z.infer<typeof postRowSchema>;
export const postListSchema = estimatedPageSchema(postRowSchema);

/** A row of the post's Detailed Review (GET /api/posts/details/{id}?page=n). */
export const postDetailRowSchema = detailRowBaseSchema.extend({
  post_title: z.string(),
});
export type PostDetailRow = z.infer<typeof postDetailRowSchema>;
export const postDetailListSchema = estimatedPageSchema(postDetailRowSchema);

/** The Posts list's filters, each one search parameter of the list and of its screen. */
export const POST_LIST_FILTERS = Object.keys(postFilterFields) as (keyof typeof postFilterFields)[];

/** The Posts list and form's routes. */
export const postsResource = defineResource({
  name: 'posts',
  path: '/api/posts',
  subject: 'post',
  noun: { one: 'post', many: 'posts' },
  list: { query: postListQuerySchema, answer: postListSchema, filters: POST_LIST_FILTERS },
  export: true,
  create: { body: postFormSchema, answer: postRowSchema },
  update: { body: postFormSchema, answer: postRowSchema },
  remove: { answer: messageSchema },
  removeMany: { answer: messageSchema },
});
