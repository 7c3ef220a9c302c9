import { z } from 'zod';
import type { Ability } from './abilities.ts';
import { messageSchema } from './errors.ts';
import { FIELD_MESSAGES, requiredText, WITHOUT_NUL } from './fields.ts';
import {
  MAX_ID,
  orderQueryFields,
  pageQuerySchema,
  paginatedSchema,
  searchTermSchema,
} from './pagination.ts';
import { defineResource } from './resource.ts';

/**
 * Review workflows: the ordered stages a category or post variant moves through on its website,
 * who may move it out of each, its assignee and due date, its comments, and the one-off link an
 * outside reviewer decides with. The last stage is what "approved" means.
 */

/**
 * Who may read every workflow's stages (GET /api/workflows/options): those who move variants or
 * choose a website's workflow. The screens offer the stage choices only to them.
 */
export const WORKFLOW_OPTIONS_ACCESS = [
  'workflow-manage',
  'website-settings',
  'post-review',
  'category-review',
] as const satisfies readonly Ability[];

export const WORKFLOW_LIMITS = {
  nameMax: 100,
  stagesMin: 2,
  stagesMax: 10,
  commentMax: 10_000,
  linkHoursMin: 1,
  linkHoursMax: 168,
} as const;

/** The setting (group Review) that keeps an author from approving their own content. */
export const REVIEW_SECOND_PERSON_SETTING = 'review.require_second_person';

/** The four-eyes switch as the Workflows screen shows it: its name and what it does. */
export const REVIEW_SECOND_PERSON_TEXTS = {
  label: 'Require a second person',
  description:
    'Whoever created, last edited or asked for the generation of a post or category may not move its variant into the last stage (approve it), nor may a review link they made: someone else must.',
} as const;

/** A colour a stage's badge is drawn in: #rrggbb. */
const COLOUR = /^#[0-9a-fA-F]{6}$/;

export const WORKFLOW_MESSAGES = {
  nameRequired: 'The name field is required.',
  nameTaken: 'A workflow with this name already exists.',
  stageNameRequired: 'Each stage needs a name.',
  stageNamesUnique: 'Each stage needs a name of its own.',
  colourInvalid: 'The colour must be written #rrggbb.',
  stagesCount: `A workflow has ${WORKFLOW_LIMITS.stagesMin} to ${WORKFLOW_LIMITS.stagesMax} stages.`,
  unknownRoles: (ids: readonly number[]) => `These roles do not exist: ${ids.join(', ')}`,
  unknownUsers: (ids: readonly number[]) => `These users do not exist: ${ids.join(', ')}`,
  inUse: (count: number) =>
    `This workflow is used by ${count} ${count === 1 ? 'website' : 'websites'}: give ${count === 1 ? 'it' : 'them'} another workflow first.`,
  defaultKept: 'The default workflow cannot be deleted.',
  unknownWorkflow: 'This workflow does not exist.',
  created: 'Workflow created.',
  updated: 'Workflow updated.',
  deleted: 'Workflow deleted.',
  stageRequired: 'Choose the stage to move to.',
  unknownStage: 'This stage does not exist.',
  userRequired: 'Choose the user to assign, or none.',
  unknownUser: 'This user does not exist.',
  dueInvalid: 'The due date must be a date and time.',
  secondPerson: 'Someone other than the author must approve this.',
  noOtherApprover:
    'No other user may approve this: add a reviewer, or turn off Require a second person in Workflows',
  commentForBack: 'Say why the variant goes back: a comment is required.',
  notAllowedOut: (stage: string) => `You may not move variants out of "${stage}".`,
  otherWorkflow: 'stage not in its website workflow',
  commentRequired: 'The comment field is required.',
  commentTooLong: `A comment has at most ${WORKFLOW_LIMITS.commentMax.toLocaleString('en-US')} characters.`,
  hoursInvalid: `The link lasts ${WORKFLOW_LIMITS.linkHoursMin} to ${WORKFLOW_LIMITS.linkHoursMax} hours.`,
  linkUnknown: 'This review link does not exist.',
  linkGone: 'This review link has been used or has expired.',
  decisionInvalid: 'The decision must be approve or request_changes.',
  changesNeedComment: 'Say what should change: a comment is required.',
  decided: 'Thank you: your decision has been recorded.',
  reviewerNameRequired: 'Your name is required: it goes into the history beside your decision.',
  linkByAuthor:
    'This link was made by the author of this content, so it cannot approve it: ask someone other than the author to send you a link.',
  empty: 'No workflows',
} as const;

const idField = z.coerce.number().int().positive().max(MAX_ID);
const idList = z.array(idField).max(100).default([]);

export const workflowStageInputSchema = z.strictObject({
  name: requiredText(WORKFLOW_MESSAGES.stageNameRequired, WORKFLOW_LIMITS.nameMax),
  colour: z.string({ error: WORKFLOW_MESSAGES.colourInvalid }).regex(COLOUR, {
    error: WORKFLOW_MESSAGES.colourInvalid,
  }),
  role_ids: idList,
  user_ids: idList,
});

/** POST /api/workflows and PUT /api/workflows/{id}: the stages in their order. */
export const workflowInputSchema = z.strictObject({
  name: requiredText(WORKFLOW_MESSAGES.nameRequired, WORKFLOW_LIMITS.nameMax),
  stages: z
    .array(workflowStageInputSchema, { error: WORKFLOW_MESSAGES.stagesCount })
    .min(WORKFLOW_LIMITS.stagesMin, WORKFLOW_MESSAGES.stagesCount)
    .max(WORKFLOW_LIMITS.stagesMax, WORKFLOW_MESSAGES.stagesCount)
    .superRefine((stages, context) => {
      const seen = new Set<string>();
      stages.forEach((stage, index) => {
        const name = stage.name.toLowerCase();
        if (seen.has(name)) {
          context.addIssue({
            code: 'custom',
            path: [index, 'name'],
            message: WORKFLOW_MESSAGES.stageNamesUnique,
          });
        }
        seen.add(name);
      });
    }),
});
export type WorkflowInput = z.input<typeof workflowInputSchema>;
export type WorkflowValues = z.output<typeof workflowInputSchema>;

export const workflowStageSchema = z.object({
  id: z.number(),
  name: z.string(),
  colour: z.string(),
  position: z.number(),
  role_ids: z.array(z.number()),
  user_ids: z.array(z.number()),
});

export const workflowSchema = z.object({
  id: z.number(),
  name: z.string(),
  is_default: z.boolean(),
  websites_count: z.number(),
  stages: z.array(workflowStageSchema),
});
export type Workflow = z.infer<typeof workflowSchema>;

export const WORKFLOW_ORDER_KEYS = ['name', 'created_at'] as const;
export const workflowListQuerySchema = pageQuerySchema.extend(
  orderQueryFields(WORKFLOW_ORDER_KEYS, { key: 'name', direction: 'asc' }),
);
export type WorkflowListQuery = z.infer<typeof workflowListQuerySchema>;
export const workflowListSchema = paginatedSchema(workflowSchema);

export const workflowsResource = defineResource({
  name: 'workflows',
  path: '/api/workflows',
  access: 'workflow-manage',
  noun: { one: 'workflow', many: 'workflows' },
  list: { query: workflowListQuerySchema, answer: workflowListSchema },
  get: { answer: workflowSchema },
  create: { body: workflowInputSchema, answer: workflowSchema },
  update: { body: workflowInputSchema, answer: workflowSchema },
  remove: { answer: messageSchema },
});

/** GET /api/workflows/options: every workflow's stages, for the Move to… menus and the website form. */
export const workflowOptionsSchema = z.array(
  workflowSchema.pick({ id: true, name: true, is_default: true, stages: true }),
);

/**
 * GET /api/workflows/stage-people: the roles and users a stage may name (who may move a variant
 * out of it), for the Workflows form's pickers; users by name, at most STAGE_PEOPLE_MAX.
 */
export const STAGE_PEOPLE_MAX = 500;
export const stagePeopleSchema = z.object({
  roles: z.array(z.object({ id: z.number(), name: z.string() })),
  users: z.array(z.object({ id: z.number(), name: z.string(), email: z.string() })),
});
export type StagePeople = z.infer<typeof stagePeopleSchema>;

/** Review actions of Detailed Review and of the lists' bulk menus, beside the publishing ones. */
export const REVIEW_ACTIONS = ['move_stage', 'assign'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];
export const REVIEW_ACTION_LABELS: Record<ReviewAction, string> = {
  move_stage: 'Move to…',
  assign: 'Assign…',
};
export const isReviewAction = (action: string): action is ReviewAction =>
  (REVIEW_ACTIONS as readonly string[]).includes(action);

/**
 * Actions that approve and publish nothing: each moves variants to their workflow's last stage
 * and needs the review ability, not the publishing one (Publish to Web approves too, and needs
 * both).
 */
export const APPROVE_ACTIONS = ['approve', 'mark_approved'] as const;
export const isApproveAction = (action: string) =>
  (APPROVE_ACTIONS as readonly string[]).includes(action);

/**
 * The abilities of its kind a list or Detailed Review action needs: approving and the review
 * actions the review ability, Publish to Web both (it approves, then publishes), every other
 * action the publishing one. The server refuses by it, the menus offer by it.
 */
export function contentActionAbilities(kind: VariantKind, action: string): Ability[] {
  const review: Ability = `${kind}-review`;
  const act: Ability = `${kind}-action`;
  if (isApproveAction(action) || isReviewAction(action)) return [review];
  if (action === 'publish_web') return [review, act];
  return [act];
}

/** The fields the review actions add to an action's body. */
export const reviewActionFields = {
  stage_id: idField.optional(),
  comment: z
    .string({ error: WORKFLOW_MESSAGES.commentRequired })
    .trim()
    .max(WORKFLOW_LIMITS.commentMax, WORKFLOW_MESSAGES.commentTooLong)
    .regex(WITHOUT_NUL, FIELD_MESSAGES.nulCharacter)
    .optional(),
  user_id: idField.nullable().optional(),
  due_at: z.iso
    .datetime({ offset: true, error: WORKFLOW_MESSAGES.dueInvalid })
    .nullable()
    .optional(),
};

/** A review action names what it needs: the stage to move to, the user to assign (or null). */
export function refineReviewAction(
  body: { action: string; stage_id?: number; user_id?: number | null },
  context: z.RefinementCtx,
) {
  if (body.action === 'move_stage' && body.stage_id === undefined) {
    context.addIssue({
      code: 'custom',
      path: ['stage_id'],
      message: WORKFLOW_MESSAGES.stageRequired,
    });
  }
  if (body.action === 'assign' && body.user_id === undefined) {
    context.addIssue({
      code: 'custom',
      path: ['user_id'],
      message: WORKFLOW_MESSAGES.userRequired,
    });
  }
}

/** A Detailed Review row's stage, assignee and due date. */
export const reviewRowFieldsSchema = z.object({
  stage: z.object({ id: z.number(), name: z.string(), colour: z.string(), is_last: z.boolean() }),
  assignee: z.object({ id: z.number(), name: z.string() }).nullable(),
  due_at: z.string().nullable(),
});

/**
 * A Posts or Categories list row's review state: the distinct stages its variants are in (in
 * their workflow's order), and the users they are assigned to.
 */
export const recordReviewFieldsSchema = z.object({
  stages: z.array(z.object({ id: z.number(), name: z.string(), colour: z.string() })),
  assignees: z.array(z.object({ id: z.number(), name: z.string() })),
});

export const VARIANT_KINDS = ['post', 'category'] as const;
export type VariantKind = (typeof VARIANT_KINDS)[number];

/** /api/variants/{kind}/{variant_id}/…: a category or post variant (a Detailed Review row). */
export const variantPathSchema = z.object({
  kind: z.enum(VARIANT_KINDS, { error: 'The kind must be post or category.' }),
  variant_id: idField,
});

export const REVIEW_EVENTS = ['stage_changed', 'assigned', 'commented'] as const;
export type ReviewEvent = (typeof REVIEW_EVENTS)[number];
export const REVIEW_EVENT_LABELS: Record<ReviewEvent, string> = {
  stage_changed: 'Stage changed',
  assigned: 'Assigned',
  commented: 'Commented',
};

/** One entry of GET /api/variants/{kind}/{variant_id}/history, oldest first. */
export const variantHistoryEntrySchema = z.object({
  id: z.number(),
  event: z.enum(REVIEW_EVENTS),
  user: z.object({ id: z.number().nullable(), name: z.string() }).nullable(),
  created_at: z.string(),
  from_stage: z.string().nullable(),
  to_stage: z.string().nullable(),
  assignee: z.string().nullable(),
  due_at: z.string().nullable(),
  comment: z.string().nullable(),
});
export type VariantHistoryEntry = z.infer<typeof variantHistoryEntrySchema>;
export const variantHistorySchema = z.object({ data: z.array(variantHistoryEntrySchema) });

export const commentInputSchema = z.strictObject({
  body: z
    .string({ error: WORKFLOW_MESSAGES.commentRequired })
    .trim()
    .min(1, WORKFLOW_MESSAGES.commentRequired)
    .max(WORKFLOW_LIMITS.commentMax, WORKFLOW_MESSAGES.commentTooLong),
});

export const variantCommentSchema = z.object({
  id: z.number(),
  body: z.string(),
  /** The body's Markdown as sanitised HTML: no script, event handler or javascript: link. */
  body_html: z.string(),
  author: z.object({ id: z.number().nullable(), name: z.string() }),
  created_at: z.string(),
});
export type VariantComment = z.infer<typeof variantCommentSchema>;
export const variantCommentListSchema = z.object({ data: z.array(variantCommentSchema) });

/**
 * GET /api/variants/{kind}/{variant_id}/mentionable?query=: the users a comment on the variant may
 * mention (those who may see it, the caller left out) whose name or e-mail address holds the
 * query, for the comment box's suggestions.
 */
export const MENTIONABLE_LIMIT = 8;
export const mentionableQuerySchema = z.object({ query: searchTermSchema });
export const mentionableUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
});
export type MentionableUser = z.infer<typeof mentionableUserSchema>;
export const mentionableUserListSchema = z.object({ data: z.array(mentionableUserSchema) });

/** A mention is @ followed by a user's e-mail address. */
export const MENTION_PATTERN = /@([^\s@<>()"'`]+@[^\s@<>()"'`]+\.[A-Za-z]{2,})/g;
export const mentionedEmails = (body: string) => [
  ...new Set([...body.matchAll(MENTION_PATTERN)].map((match) => match[1]!.toLowerCase())),
];
