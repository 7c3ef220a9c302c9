import {
  type Ability,
  ACTION_MESSAGES,
  actionAnswerSchema,
  CATEGORY_MESSAGES,
  type CategoryActionFilter,
  categoryActionSchema,
  contentActionAbilities,
  DELIVERY_MESSAGES,
  deliveryAttemptListSchema,
  detailActionSchema,
  hasAbility,
  idParamSchema,
  isReviewAction,
  isScheduleAction,
  messageSchema,
  POST_MESSAGES,
  type PostActionFilter,
  pageQuerySchema,
  postActionSchema,
  retryAnswerSchema,
  variantParamSchema,
} from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { idArray } from '../../db/client.ts';
import { assertIdsExist, assertRowExists } from '../../db/ids.ts';
import { forbidden, unauthenticated, validationError } from '../../errors.ts';
import {
  type BulkSelection,
  bulkMoveMode,
  runBulkAction,
  runDetailAction,
  syncRecord,
} from './actions.ts';
import {
  categoryFilterCondition,
  postFilterCondition,
  type WithAssignee,
  withAssignee,
} from './filters.ts';
import { CATEGORY_KIND, type ContentKind, POST_KIND } from './kinds.ts';
import { retryDeliveries } from './retry.ts';
import { deliveryAttemptsPage } from './review.ts';
import {
  type ReviewActionBody,
  reviewAbility,
  reviewDetailVariants,
  runReviewAction,
  variantsOfRecords,
} from './review-actions.ts';
import { runScheduleBulkAction, runScheduleDetailAction } from './schedule.ts';

/** How one kind of content is reached over HTTP: its path, abilities, messages and actions. */
interface ContentRoutesOf {
  kind: ContentKind;
  path: 'categories' | 'posts';
  abilities: { review: Ability; sync: Ability; act: Ability };
  messages: { synced: string; updated: string };
  actionSchema: typeof categoryActionSchema | typeof postActionSchema;
  /** The ids of the records a list's filter finds. */
  matching: (filter: Partial<WithAssignee<CategoryActionFilter & PostActionFilter>>) => SQL;
}

const CATEGORIES: ContentRoutesOf = {
  kind: CATEGORY_KIND,
  path: 'categories',
  abilities: { review: 'category-review', sync: 'category-sync', act: 'category-action' },
  messages: { synced: CATEGORY_MESSAGES.synced, updated: ACTION_MESSAGES.categoriesUpdated },
  actionSchema: categoryActionSchema,
  matching: (filter) => sql`SELECT c.id FROM categories c WHERE ${categoryFilterCondition(filter)}`,
};

const POSTS: ContentRoutesOf = {
  kind: POST_KIND,
  path: 'posts',
  abilities: { review: 'post-review', sync: 'post-sync', act: 'post-action' },
  messages: { synced: POST_MESSAGES.synced, updated: ACTION_MESSAGES.postsUpdated },
  actionSchema: postActionSchema,
  matching: (filter) => sql`SELECT p.id FROM posts p WHERE ${postFilterCondition(filter)}`,
};

/**
 * The routes categories and posts share: sync, the bulk actions of the list, the Detailed Review
 * actions, and a variant's delivery attempts and 'retry now'. Each kind registers its own list,
 * form and Detailed Review rows.
 */
function contentRoutesOf(of: ContentRoutesOf): FastifyPluginAsyncZod<AppContext> {
  const { kind, path, abilities, messages } = of;
  const tags = [path];
  return async (app, context) => {
    const { db, queue } = context;
    /** The action endpoints take review and publishing actions: each checks its own ability. */
    const actionAccess = [abilities.act, reviewAbility(kind)] as const;
    const caller = (request: {
      auth: { userId: number; name: string; abilities: string[] } | null;
    }) => {
      if (!request.auth) throw unauthenticated();
      return request.auth;
    };
    /** Refuses an action whose abilities the caller does not all hold. */
    const assertMayRun = (request: Parameters<typeof caller>[0], action: string) => {
      const held = caller(request).abilities;
      const needed = contentActionAbilities(kind.kind, action);
      if (!needed.every((ability) => hasAbility(held, ability))) throw forbidden();
    };

    app.get(
      `/api/${path}/sync/:id`,
      {
        // The sync call is a GET that changes data, as the original API has it (kept for its
        // clients): it is checked as every other change.
        config: { access: abilities.sync, changesData: true },
        schema: {
          summary: 'Mark a record and its variants synced',
          tags,
          params: idParamSchema,
          response: { 200: messageSchema },
        },
      },
      async (request) => {
        await syncRecord(db, kind, request.params.id);
        return { message: messages.synced };
      },
    );

    app.post(
      `/api/${path}/action`,
      {
        config: { access: actionAccess },
        schema: {
          tags,
          summary: `Run a bulk action on selected or matching ${path}`,
          description:
            "On the selected `ids`, or on every record the list's `filter` finds (an empty filter only with `all: true`), in one transaction. Answers how many records changed, how many jobs were queued and what was skipped, per reason.",
          body: of.actionSchema,
          response: { 200: actionAnswerSchema },
        },
      },
      async (request) => {
        const { ids, filter: asked = {}, action } = request.body;
        assertMayRun(request, action);
        const filter = withAssignee(asked, caller(request).userId);
        const selection: BulkSelection = ids ? { ids } : { matching: of.matching(filter), filter };
        if (isReviewAction(action)) {
          if (ids) await assertIdsExist(db, kind.records, [...new Set(ids)]);
          const records = ids ? sql`SELECT unnest(${idArray(ids)})` : of.matching(filter);
          return {
            message: messages.updated,
            ...(await runReviewAction(
              db,
              queue,
              kind,
              caller(request),
              variantsOfRecords(kind, records, request.body.website_ids),
              request.body as ReviewActionBody,
              ids ? [...new Set(ids)] : { filter },
              bulkMoveMode(selection),
            )),
          };
        }
        return {
          message: messages.updated,
          ...(isScheduleAction(action)
            ? await runScheduleBulkAction(db, queue, kind, selection, { ...request.body, action })
            : await runBulkAction(db, queue, kind, selection, action, caller(request))),
        };
      },
    );

    app.post(
      `/api/${path}/details/action`,
      {
        config: { access: actionAccess },
        schema: {
          summary: 'Run a Detailed Review action on variants',
          tags,
          body: detailActionSchema,
          response: { 200: actionAnswerSchema },
        },
      },
      async (request) => {
        const { ids, action } = request.body;
        assertMayRun(request, action);
        if (isReviewAction(action)) {
          const body = request.body as ReviewActionBody;
          return reviewDetailVariants(db, queue, kind, caller(request), ids, body);
        }
        return {
          message: ACTION_MESSAGES.detailsUpdated,
          ...(isScheduleAction(action)
            ? await runScheduleDetailAction(db, queue, kind, ids, { ...request.body, action })
            : await runDetailAction(db, queue, kind, ids, action, caller(request))),
        };
      },
    );

    app.get(
      `/api/${path}/details/:variantId/deliveries`,
      {
        config: { access: abilities.review },
        schema: {
          summary: "A variant's delivery attempts",
          tags,
          description:
            'Every delivery attempt of one variant (a Detailed Review row), newest first.',
          params: variantParamSchema,
          querystring: pageQuerySchema.pick({ page: true, per_page: true }),
          response: { 200: deliveryAttemptListSchema },
        },
      },
      async (request) => {
        const { variantId } = request.params;
        await assertRowExists(db, kind.variants, variantId);
        return deliveryAttemptsPage(db, kind.kind, variantId, {
          page: request.query.page,
          perPage: request.query.per_page,
          path: `/api/${path}/details/${variantId}/deliveries`,
        });
      },
    );

    app.post(
      `/api/${path}/details/:variantId/retry`,
      {
        config: { access: abilities.act },
        schema: {
          summary: "Retry a variant's failed deliveries now",
          tags,
          description:
            'Queues the failed deliveries of one variant again now (each target whose latest attempt failed).',
          params: variantParamSchema,
          response: { 200: retryAnswerSchema },
        },
      },
      async (request) => {
        const { variantId } = request.params;
        await assertRowExists(db, kind.variants, variantId);
        const queued = await retryDeliveries(context, queue, kind.kind, [variantId]);
        if (queued === 0) throw validationError({ variantId: DELIVERY_MESSAGES.nothingToRetry });
        return { message: DELIVERY_MESSAGES.retried(queued), queued };
      },
    );
  };
}

export const categoryContentRoutes = contentRoutesOf(CATEGORIES);
export const postContentRoutes = contentRoutesOf(POSTS);
