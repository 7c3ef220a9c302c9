import { z } from 'zod';
import { FIELD_MESSAGES } from './fields.ts';
import { idsSchema, MAX_ID, MIN_INT, searchTermSchema } from './pagination.ts';
import {
  BULK_PUBLISH_ACTIONS,
  BULK_PUBLISH_LABELS,
  DETAIL_POST_ACTIONS,
  DETAIL_POST_LABELS,
  PUBLISH_TARGET_LABELS,
  PUBLISH_TARGETS,
  postedFlagsSchema,
} from './publish-targets.ts';
import {
  isScheduleAction,
  refineScheduleFields,
  SCHEDULE_ACTIONS,
  scheduleFields,
  websiteIdsField,
} from './schedule.ts';
import {
  isReviewAction,
  REVIEW_ACTIONS,
  refineReviewAction,
  reviewActionFields,
  reviewRowFieldsSchema,
} from './workflows.ts';

/**
 * Bulk and detail actions on categories, posts and their per-website variants. The identifiers
 * are the API's (see docs/api-compatibility.md); the client shows the labels and sends the identifiers.
 */

/** Bulk actions of the Categories list (POST /api/categories/action). */
export const CATEGORY_ACTIONS = [
  'synced',
  'approve',
  'webSync',
  'forceWebSync',
  'auto_google_sync',
  'enable',
  'disable',
  'publish_web',
] as const;
export type CategoryAction = (typeof CATEGORY_ACTIONS)[number];

/** Bulk actions of the Posts list (POST /api/posts/action): the categories' plus social publishing. */
export const POST_ACTIONS = [...CATEGORY_ACTIONS, ...BULK_PUBLISH_ACTIONS] as const;
export type PostAction = (typeof POST_ACTIONS)[number];

export const BULK_ACTION_LABELS: Record<PostAction, string> = {
  synced: 'Mark Synced',
  approve: 'Approve',
  webSync: 'WebSync',
  forceWebSync: 'Force WebSync',
  auto_google_sync: 'SyncVertex',
  enable: 'Enable Status',
  disable: 'Disable Status',
  publish_web: 'Publish to Web',
  ...BULK_PUBLISH_LABELS,
};

/** Detail actions of Detailed Review (POST /api/{categories,posts}/details/action), on variants. */
export const DETAIL_ACTIONS = [
  ...DETAIL_POST_ACTIONS,
  'mark_approved',
  'mark_synced',
  'post_to_all',
  'regenerate_content',
] as const;
export type DetailAction = (typeof DETAIL_ACTIONS)[number];

export const DETAIL_ACTION_LABELS: Record<DetailAction, string> = {
  ...DETAIL_POST_LABELS,
  mark_approved: 'Mark as Approved',
  mark_synced: 'Mark as Synced',
  post_to_all: 'Post to All Platforms',
  regenerate_content: 'Regenerate Content',
};

/**
 * A variant's latest delivery state, shown in Detailed Review. `paused`: held while its website's
 * deliveries are paused, sent when they resume.
 */
export const DELIVERY_STATUSES = ['queued', 'paused', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** What a variant's jobs go to: a website or a network, or `ai` to regenerate its description. */
export const DELIVERY_TARGETS = [...PUBLISH_TARGETS, 'ai'] as const;
export type DeliveryTarget = (typeof DELIVERY_TARGETS)[number];
export const DELIVERY_TARGET_LABELS: Record<DeliveryTarget, string> = {
  ...PUBLISH_TARGET_LABELS,
  ai: 'Regeneration',
};

/** One target's delivery of a variant, as Detailed Review lists them. */
export const targetDeliverySchema = z.object({
  target: z.enum(DELIVERY_TARGETS),
  status: z.enum(DELIVERY_STATUSES),
  error: z.string().nullable(),
  /** A network's delivery to each of the website's channels; absent for other targets. */
  channels: z
    .array(
      z.object({
        channel_id: z.number(),
        channel_name: z.string(),
        status: z.enum(DELIVERY_STATUSES),
        error: z.string().nullable(),
      }),
    )
    .optional(),
});
export type TargetDeliveryEntry = z.infer<typeof targetDeliverySchema>;

/** Why an action left a row alone. */
export const SKIP_REASONS = {
  alreadyDone: 'already in that state',
  websiteInactive: 'website is inactive',
  notApproved: 'not approved',
  alreadyPosted: 'already posted and not updated since',
  /**
   * A bulk over several records that moves variants into the last stage (approve, Publish to
   * Web, a move): variants the caller wrote, edited last or had generated, under the four-eyes rule.
   */
  needsSecondPerson: 'variants to be approved by someone other than their author',
  /** The same bulk: variants in a stage whose roles and users leave out the caller. */
  notYourStage: 'variants in a stage you may not move them out of',
  /**
   * The website target only: a push to a website without a webhook for this kind could only
   * fail, so it is not queued (the variant's other targets still go).
   */
  noWebhook: {
    category: 'website has no category webhook URL',
    post: 'website has no post webhook URL',
  },
} as const;

export const ACTION_MESSAGES = {
  categoriesUpdated: 'Categories bulk updated successfully!',
  postsUpdated: 'Posts bulk updated successfully!',
  detailsUpdated: 'Bulk action updated successfully!',
  websiteIdsNotTaken: 'Only the schedule and review actions take this field',
  /** An action that changed and queued nothing: a warning, with why each row was left alone. */
  nothingChanged: (skipped: string) => `Nothing was changed: ${skipped}.`,
  unknownAction: (allowed: readonly string[]) =>
    `The action must be one of: ${allowed.join(', ')}.`,
  idsOrFilter: 'Send either the selected ids or a filter, not both.',
  emptyFilter: 'The filter matches every row: narrow it, or say "all": true to act on every row.',
  /** The banner of a list whose page is all selected. */
  pageSelected: (count: number) => `All ${count} rows on this page are selected.`,
  selectAllMatching: (total: number) => `Select all ${total.toLocaleString('en-US')} matching`,
  allMatchingSelected: (total: number) =>
    `All ${total.toLocaleString('en-US')} matching rows are selected.`,
  clearSelection: 'Clear selection',
  /** The link beside a skip for want of a webhook: the website's Webhook Settings. */
  webhookSettingsOf: (website: string) => `Webhook Settings of ${website}`,
} as const;

/**
 * The ids of an action: clients of the original API send them comma-joined ("1,2,3"); an array is accepted too.
 * Empty text means no ids, which the shared ids rule refuses.
 */
export const actionIdsField = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((part) => part.trim())
          .filter((part) => part !== '')
      : value,
  idsSchema.shape.ids,
);

function actionField<const T extends readonly [string, ...string[]]>(actions: T) {
  return z.enum(actions, { error: ACTION_MESSAGES.unknownAction(actions) });
}

/**
 * Detail actions: `ids` are variant ids (the Detailed Review rows' ids); the schedule and review
 * actions' fields beside.
 */
export const detailActionSchema = z
  .strictObject({
    ids: actionIdsField,
    action: actionField([...DETAIL_ACTIONS, ...SCHEDULE_ACTIONS, ...REVIEW_ACTIONS]),
    ...scheduleFields,
    ...reviewActionFields,
  })
  .superRefine(refineScheduleFields)
  .superRefine(refineReviewAction);

/**
 * What every action answers. `changed`: rows whose stored state the action changed (records for
 * bulk actions, variants for detail actions). `queued`: publishing or regeneration jobs put in the
 * queue (one per variant and target). `skipped`: rows left alone, counted per reason (variants for
 * the publishing part of an action, otherwise the same rows as `changed`).
 */
export const actionAnswerSchema = z.object({
  message: z.string(),
  changed: z.number(),
  queued: z.number(),
  skipped: z.array(
    z.object({
      reason: z.string(),
      count: z.number(),
      /** The websites the reason is about, where the operator can mend it (a missing webhook). */
      websites: z.array(z.object({ id: z.number(), name: z.string() })).optional(),
    }),
  ),
});
export type ActionAnswer = z.infer<typeof actionAnswerSchema>;

/**
 * The data of a queued job (pg-boss), for the workers of the publishing pipeline. The variant id
 * and its version form the idempotency key: a retried delivery of the same version never creates
 * a duplicate. A worker reads the variant's current content when it runs.
 */
export interface ContentJobData {
  kind: 'category' | 'post';
  variantId: number;
  version: number;
  /** A website or a network to publish to, or `ai` to regenerate the variant's description. */
  target: DeliveryTarget;
  /** The network's channel it goes to; absent for the website, the AI and a network's webhook. */
  channelId?: number;
  /** The day (UTC) whose quota a publish deferred to keep within its app's quota counts against. */
  quotaDay?: string;
}

/** The flags of a variant, in the order of the Detailed Review columns. */
export const variantFlagsSchema = z
  .object({ synced: z.number(), is_approved: z.number(), is_updated_after_posted: z.number() })
  .extend(postedFlagsSchema.shape);

/** Fields shared by both kinds of Detailed Review row. */
export const detailRowBaseSchema = variantFlagsSchema.extend({
  pivot_id: z.number(),
  website_id: z.number(),
  website_name: z.string(),
  description: z.string(),
  version: z.number(),
  delivery_status: z.enum(DELIVERY_STATUSES).nullable(),
  delivery_error: z.string().nullable(),
  /** Each target's delivery (delivery_status sums them up), in the order of DELIVERY_TARGETS. */
  deliveries: z.array(targetDeliverySchema),
  /** When the variant is scheduled to be published to its website; null when it is not. */
  publish_at: z.string().nullable(),
  created_at: z.string(),
  ...reviewRowFieldsSchema.shape,
});

/**
 * Detailed Review's path. The original API writes `/details/{id}&page={n}`
 * (docs/api-compatibility.md); that form is read too, so the id segment may carry `&page=n`.
 */
export const detailPathSchema = z.object({
  id: z
    .string()
    .regex(/^\d+(&page=\d+)?$/, 'The id must be a whole number')
    .transform((segment) => {
      const [id, page] = segment.split('&page=');
      return { id: Number(id), page: page === undefined ? undefined : Number(page) };
    })
    .refine(({ id }) => id <= MAX_ID, 'The id must be a whole number')
    .refine(({ page }) => page === undefined || page <= MAX_ID, 'The page is too far'),
});

/** A list filter from the query string; an empty value (`?status=`) means no filter. */
export function optionalQueryFilter<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
}

/** Flag filters of the lists: 1 yes, 0 no. */
export const yesNoFilter = optionalQueryFilter(
  z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(0), z.literal(1)])),
);
/** Status filter: 1 Active, any other number Inactive (the edit form stores 2). */
export const statusFilter = optionalQueryFilter(z.coerce.number().int().min(MIN_INT).max(MAX_ID));
/** A filter by the id of a related row (website, category). */
export const idFilter = optionalQueryFilter(z.coerce.number().int().positive().max(MAX_ID));

/** The Assignee filter's value for the signed-in user: one saved view serves everyone. */
export const ASSIGNEE_ME = 'me';
export const ASSIGNEE_FILTER_MESSAGE = `The assignee must be a user id or "${ASSIGNEE_ME}".`;

/** The Assignee filter: a user's id, or `me` for the signed-in user. */
export const assigneeFilter = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z
    .union([z.literal(ASSIGNEE_ME), z.coerce.number().int().positive().max(MAX_ID)], {
      error: ASSIGNEE_FILTER_MESSAGE,
    })
    .optional(),
);

/**
 * Records with a variant in this review stage, or assigned to this user (`me`: the caller); with
 * both, one variant in that stage assigned to that user.
 */
const reviewFilterFields = { stage_id: idFilter, assignee_id: assigneeFilter };

/** The filters of the Posts list: its query string's and a bulk action's `filter`. */
export const postFilterFields = {
  category_id: idFilter,
  website_id: idFilter,
  status: statusFilter,
  ...reviewFilterFields,
};
/** The filters of the Categories list: its query string's and a bulk action's `filter`. */
export const categoryFilterFields = {
  website_id: idFilter,
  status: statusFilter,
  is_approved: yesNoFilter,
  synced: yesNoFilter,
  auto_google_sync: yesNoFilter,
  ...reviewFilterFields,
};

/** A filter that narrows nothing: no search term and no filter value. */
export const isEmptyFilter = (filter: Record<string, unknown>) =>
  Object.values(filter).every((value) => value === undefined || value === '');

/**
 * A bulk action of a list: on the selected `ids`, or on every row the list's `filter` finds
 * (its search term and filters; an empty filter only with `all: true`).
 */
function bulkActionSchema<
  const T extends readonly [string, ...string[]],
  Fields extends Record<string, z.ZodType>,
>(actions: T, filterFields: Fields) {
  return z
    .strictObject({
      action: actionField([...actions, ...SCHEDULE_ACTIONS, ...REVIEW_ACTIONS]),
      ids: actionIdsField.optional(),
      filter: z.strictObject({ query: searchTermSchema, ...filterFields }).optional(),
      all: z.literal(true).optional(),
      ...scheduleFields,
      /** The schedule and review actions: only the variants on these websites. */
      website_ids: websiteIdsField,
      ...reviewActionFields,
    })
    .superRefine(refineScheduleFields)
    .superRefine(refineReviewAction)
    .superRefine((body, context) => {
      if (
        body.website_ids !== undefined &&
        !isScheduleAction(body.action) &&
        !isReviewAction(body.action)
      ) {
        context.addIssue({
          code: 'custom',
          path: ['website_ids'],
          message: ACTION_MESSAGES.websiteIdsNotTaken,
        });
      }
    })
    .superRefine((body, context) => {
      if (body.ids !== undefined && body.filter !== undefined) {
        context.addIssue({
          code: 'custom',
          path: ['filter'],
          message: ACTION_MESSAGES.idsOrFilter,
        });
      } else if (body.filter === undefined) {
        if (body.ids === undefined && body.all !== true) {
          context.addIssue({
            code: 'custom',
            path: ['ids'],
            message: FIELD_MESSAGES.noRowSelected,
          });
        }
      } else if (isEmptyFilter(body.filter) && body.all !== true) {
        context.addIssue({
          code: 'custom',
          path: ['filter'],
          message: ACTION_MESSAGES.emptyFilter,
        });
      }
    });
}

export const categoryActionSchema = bulkActionSchema(CATEGORY_ACTIONS, categoryFilterFields);
export const postActionSchema = bulkActionSchema(POST_ACTIONS, postFilterFields);
export type CategoryActionFilter = NonNullable<z.output<typeof categoryActionSchema>['filter']>;
export type PostActionFilter = NonNullable<z.output<typeof postActionSchema>['filter']>;
