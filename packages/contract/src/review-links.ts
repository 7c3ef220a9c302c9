import { z } from 'zod';
import { FIELD_MESSAGES, requiredText, WITHOUT_NUL } from './fields.ts';
import { WORKFLOW_LIMITS, WORKFLOW_MESSAGES } from './workflows.ts';

/**
 * One-off review links: made for a variant by someone who may review it, opened without a session
 * by an outside reviewer, who approves or asks for changes once.
 */

export const reviewLinkInputSchema = z.strictObject({
  hours: z.coerce
    .number({ error: WORKFLOW_MESSAGES.hoursInvalid })
    .int(WORKFLOW_MESSAGES.hoursInvalid)
    .min(WORKFLOW_LIMITS.linkHoursMin, WORKFLOW_MESSAGES.hoursInvalid)
    .max(WORKFLOW_LIMITS.linkHoursMax, WORKFLOW_MESSAGES.hoursInvalid),
});
export const reviewLinkSchema = z.object({ url: z.string(), expires_at: z.string() });

export const reviewTokenParamSchema = z.object({ token: z.string().min(1).max(200) });

/** GET /api/review/{token}: what the outside reviewer sees, and who asks them for what. */
export const publicReviewSchema = z.object({
  title: z.string(),
  description: z.string(),
  website_name: z.string(),
  stage: z.string(),
  kind: z.enum(['post', 'category']),
  /** The name of the user who made the link. */
  requested_by: z.string().nullable(),
  /** The stage Approve moves the variant to; null in its workflow's last stage. */
  approve_to: z.string().nullable(),
  /** The stage Request changes sends it back to: its workflow's first. */
  changes_to: z.string(),
  /** The link works once, until then. */
  expires_at: z.string(),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

export const REVIEW_DECISIONS = ['approve', 'request_changes'] as const;
export const REVIEW_DECISION_LABELS = {
  approve: 'Approve',
  request_changes: 'Request changes',
} as const;

/**
 * Who a review link's decision is by, in its history row and audit entry: the name the outside
 * reviewer gave, marked as coming through a link (they have no account).
 */
export const reviewLinkActorName = (reviewerName: string) => `${reviewerName} (review link)`;

export const reviewDecisionSchema = z
  .strictObject({
    decision: z.enum(REVIEW_DECISIONS, { error: WORKFLOW_MESSAGES.decisionInvalid }),
    reviewer_name: requiredText(WORKFLOW_MESSAGES.reviewerNameRequired, WORKFLOW_LIMITS.nameMax),
    comment: z
      .string()
      .trim()
      .max(WORKFLOW_LIMITS.commentMax, WORKFLOW_MESSAGES.commentTooLong)
      .regex(WITHOUT_NUL, FIELD_MESSAGES.nulCharacter)
      .optional()
      .default(''),
  })
  .superRefine((body, context) => {
    if (body.decision === 'request_changes' && body.comment === '') {
      context.addIssue({
        code: 'custom',
        path: ['comment'],
        message: WORKFLOW_MESSAGES.changesNeedComment,
      });
    }
  });
export type ReviewDecision = z.input<typeof reviewDecisionSchema>;
