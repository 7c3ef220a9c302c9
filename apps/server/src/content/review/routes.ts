import {
  commentInputSchema,
  hasAbility,
  MENTIONABLE_LIMIT,
  mentionableQuerySchema,
  mentionableUserListSchema,
  messageSchema,
  publicReviewSchema,
  reviewDecisionSchema,
  reviewLinkInputSchema,
  reviewLinkSchema,
  reviewTokenParamSchema,
  variantCommentListSchema,
  variantCommentSchema,
  variantHistorySchema,
  variantPathSchema,
  WORKFLOW_MESSAGES,
} from '@sitefleet/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { forbidden } from '../../errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import { kindOf } from '../kinds.ts';
import { reviewAbility } from './actions.ts';
import { addComment, mentionableUsers, reviewedVariant } from './comments.ts';
import { variantComments, variantHistory } from './history.ts';
import { createReviewLink, decideReview, showReview } from './links.ts';

const tags = ['workflows'];
const REVIEWERS = ['post-review', 'category-review'] as const;

/** The signed-in caller, who must hold the review ability of the variant's kind. */
function reviewer(request: FastifyRequest, kind: 'post' | 'category') {
  const user = currentUser(request);
  if (!hasAbility(user.abilities, reviewAbility(kindOf(kind)))) throw forbidden();
  return user;
}

/**
 * A variant's review: its history, its comment thread and its one-off review links; and the
 * outside reviewer's two routes, which need no session (the token is the credential).
 */
export const variantReviewRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { db, queue },
) => {
  app.get(
    '/api/variants/:kind/:variant_id/history',
    {
      config: { access: REVIEWERS },
      schema: {
        tags,
        summary: "A variant's moves, assignments and comments, oldest first",
        params: variantPathSchema,
        response: { 200: variantHistorySchema },
      },
    },
    async (request) => {
      const { kind, variant_id: variantId } = request.params;
      reviewer(request, kind);
      await reviewedVariant(db, kindOf(kind), variantId);
      return { data: await variantHistory(db, kindOf(kind), variantId) };
    },
  );

  app.get(
    '/api/variants/:kind/:variant_id/comments',
    {
      config: { access: REVIEWERS },
      schema: {
        tags,
        summary: "A variant's comments, oldest first",
        params: variantPathSchema,
        response: { 200: variantCommentListSchema },
      },
    },
    async (request) => {
      const { kind, variant_id: variantId } = request.params;
      reviewer(request, kind);
      await reviewedVariant(db, kindOf(kind), variantId);
      return { data: await variantComments(db, kindOf(kind), variantId) };
    },
  );

  app.get(
    '/api/variants/:kind/:variant_id/mentionable',
    {
      config: { access: REVIEWERS },
      schema: {
        tags,
        summary: 'Whom a comment on the variant may mention, by name or e-mail address',
        description: `The users who may see the variant, the caller left out, whose name or e-mail address holds \`query\`: at most ${MENTIONABLE_LIMIT}, by name.`,
        params: variantPathSchema,
        querystring: mentionableQuerySchema,
        response: { 200: mentionableUserListSchema },
      },
    },
    async (request) => {
      const { kind, variant_id: variantId } = request.params;
      const user = reviewer(request, kind);
      const term = request.query.query;
      return { data: await mentionableUsers(db, kindOf(kind), variantId, user.userId, term) };
    },
  );

  app.post(
    '/api/variants/:kind/:variant_id/comments',
    {
      config: { access: REVIEWERS },
      schema: {
        tags,
        summary: 'Comment on a variant (Markdown; @e-mail mentions notify)',
        description:
          "The body is Markdown, answered as sanitised HTML in `body_html`. `@` followed by a user's e-mail address mentions them: a mentioned user who may review the variant gets a `mention` notification.",
        params: variantPathSchema,
        body: commentInputSchema,
        response: { 201: variantCommentSchema },
      },
    },
    async (request, reply) => {
      const { kind, variant_id: variantId } = request.params;
      const user = reviewer(request, kind);
      const comment = await addComment(db, queue, kindOf(kind), variantId, user, request.body.body);
      return reply.code(201).send(comment);
    },
  );

  app.post(
    '/api/variants/:kind/:variant_id/review-link',
    {
      config: { access: REVIEWERS },
      schema: {
        tags,
        summary: 'A one-off link for an outside reviewer of this variant',
        description:
          'Answers the link once: `<origin>/review/<token>`, usable once before `expires_at`.',
        params: variantPathSchema,
        body: reviewLinkInputSchema,
        response: { 200: reviewLinkSchema },
      },
    },
    async (request, reply) => {
      const { kind, variant_id: variantId } = request.params;
      const user = reviewer(request, kind);
      await reviewedVariant(db, kindOf(kind), variantId);
      reply.header('cache-control', 'no-store');
      return createReviewLink(
        db,
        kindOf(kind),
        variantId,
        user,
        request.body.hours,
        `${request.protocol}://${request.host}`,
      );
    },
  );

  app.get(
    '/api/review/:token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The variant a review link shows (no session)',
        params: reviewTokenParamSchema,
        response: { 200: publicReviewSchema },
      },
    },
    (request) => showReview(db, request.params.token),
  );

  app.post(
    '/api/review/:token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "An outside reviewer's decision through a review link (no session)",
        description:
          '`approve` moves the variant to the next stage, `request_changes` (with a comment) back to the first. The link is then used up: 410 after, as after it expires; 404 for an unknown token.',
        params: reviewTokenParamSchema,
        body: reviewDecisionSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await decideReview(db, request.params.token, request.body);
      return { message: WORKFLOW_MESSAGES.decided };
    },
  );
};
