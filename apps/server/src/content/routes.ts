import {
  ACTION_MESSAGES,
  actionAnswerSchema,
  CATEGORY_MESSAGES,
  categoryActionSchema,
  contentActionAbilities,
  detailActionSchema,
  hasAbility,
  idParamSchema,
  isReviewAction,
  isScheduleAction,
  messageSchema,
  POST_MESSAGES,
  postActionSchema,
} from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import { idArray } from '../db/client.ts';
import { assertIdsExist } from '../db/ids.ts';
import { forbidden } from '../errors.ts';
import { currentUser, websiteScope } from '../plugins/auth.ts';
import {
  type BulkSelection,
  bulkMoveMode,
  runBulkAction,
  runDetailAction,
  syncRecord,
} from './actions.ts';
import { categoryFilterCondition, postFilterCondition, withAssignee } from './filters.ts';
import type { ContentApp, ContentRoutesOf } from './http.ts';

import { CATEGORY_KIND, POST_KIND } from './kinds.ts';
import { deliveryRoutes } from './publish/routes.ts';
import { assertRecordsInReach, assertVariantsInReach, websitesInReach } from './record-scope.ts';
import {
  type ReviewActionBody,
  reviewAbility,
  reviewDetailVariants,
  runReviewAction,
  variantsOfRecords,
} from './review/actions.ts';
import { runScheduleBulkAction, runScheduleDetailAction } from './schedule/actions.ts';

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

type Request = Parameters<typeof currentUser>[0];
type ListAction = z.output<ContentRoutesOf['actionSchema']>;
type DetailActionBody = z.output<typeof detailActionSchema>;

/** The action endpoints take review and publishing actions: each checks its own ability. */
const actionAccess = ({ kind, abilities }: ContentRoutesOf) =>
  [abilities.act, reviewAbility(kind)] as const;

/** Refuses an action whose abilities the caller does not all hold. */
function assertMayRun({ kind }: ContentRoutesOf, request: Request, action: string) {
  const held = currentUser(request).abilities;
  const needed = contentActionAbilities(kind.kind, action);
  if (!needed.every((ability) => hasAbility(held, ability))) throw forbidden();
}

function syncRoute(app: ContentApp, of: ContentRoutesOf, { db }: AppContext) {
  app.get(
    `/api/${of.path}/sync/:id`,
    {
      // The sync call is a GET that changes data, as the original API has it (kept for its
      // clients): it is checked as every other change.
      config: { access: of.abilities.sync, changesData: true },
      schema: {
        summary: 'Mark a record and its variants synced',
        tags: [of.path],
        params: idParamSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await syncRecord(db, of.kind, request.params.id);
      return { message: of.messages.synced };
    },
  );
}

function bulkActionRoute(app: ContentApp, of: ContentRoutesOf, context: AppContext) {
  app.post(
    `/api/${of.path}/action`,
    {
      config: { access: actionAccess(of), websiteScoped: true },
      schema: {
        tags: [of.path],
        summary: `Run a bulk action on selected or matching ${of.path}`,
        description:
          "On the selected `ids`, or on every record the list's `filter` finds (an empty filter only with `all: true`), in one transaction. Answers how many records changed, how many jobs were queued and what was skipped, per reason.",
        body: of.actionSchema,
        response: { 200: actionAnswerSchema },
      },
    },
    (request) => bulkAction(of, context, request, request.body),
  );
}

/** A list's bulk action: on the selected records, or on those its filter finds. */
async function bulkAction(
  of: ContentRoutesOf,
  { db, queue }: AppContext,
  request: Request,
  body: ListAction,
) {
  const { ids, filter: asked = {}, action } = body;
  assertMayRun(of, request, action);
  // An API token limited to websites reaches their records and, of those, their variants only.
  const scope = websiteScope(request);
  if (ids) await assertRecordsInReach(db, request, of.kind.kind, ids);
  const filter = {
    ...withAssignee(asked, currentUser(request).userId),
    ...(scope && { website_scope: scope }),
  };
  const websiteIds = websitesInReach(request, body.website_ids);
  const selection: BulkSelection = ids ? { ids } : { matching: of.matching(filter), filter };
  if (isReviewAction(action)) {
    if (ids) await assertIdsExist(db, of.kind.records, [...new Set(ids)]);
    const records = ids ? sql`SELECT unnest(${idArray(ids)})` : of.matching(filter);
    return {
      message: of.messages.updated,
      ...(await runReviewAction(
        db,
        queue,
        of.kind,
        currentUser(request),
        variantsOfRecords(of.kind, records, websiteIds),
        body as ReviewActionBody,
        ids ? [...new Set(ids)] : { filter },
        bulkMoveMode(selection),
      )),
    };
  }
  return {
    message: of.messages.updated,
    ...(isScheduleAction(action)
      ? await runScheduleBulkAction(db, queue, of.kind, selection, {
          ...body,
          action,
          website_ids: websiteIds,
        })
      : await runBulkAction(db, queue, of.kind, selection, action, currentUser(request), scope)),
  };
}

function detailActionRoute(app: ContentApp, of: ContentRoutesOf, context: AppContext) {
  app.post(
    `/api/${of.path}/details/action`,
    {
      config: { access: actionAccess(of), websiteScoped: true },
      schema: {
        summary: 'Run a Detailed Review action on variants',
        tags: [of.path],
        body: detailActionSchema,
        response: { 200: actionAnswerSchema },
      },
    },
    (request) => detailAction(of, context, request, request.body),
  );
}

/** A Detailed Review action, on the variants selected. */
async function detailAction(
  of: ContentRoutesOf,
  { db, queue }: AppContext,
  request: Request,
  body: DetailActionBody,
) {
  const { ids, action } = body;
  assertMayRun(of, request, action);
  await assertVariantsInReach(db, request, of.kind.kind, ids);
  if (isReviewAction(action)) {
    return reviewDetailVariants(
      db,
      queue,
      of.kind,
      currentUser(request),
      ids,
      body as ReviewActionBody,
    );
  }
  return {
    message: ACTION_MESSAGES.detailsUpdated,
    ...(isScheduleAction(action)
      ? await runScheduleDetailAction(db, queue, of.kind, ids, { ...body, action })
      : await runDetailAction(db, queue, of.kind, ids, action, currentUser(request))),
  };
}

/**
 * The routes categories and posts share: sync, the bulk actions of the list, the Detailed Review
 * actions, and a variant's delivery attempts and 'retry now'. Each kind registers its own list,
 * form and Detailed Review rows.
 */
function contentRoutesOf(of: ContentRoutesOf): FastifyPluginAsyncZod<AppContext> {
  return async (app, context) => {
    syncRoute(app, of, context);
    bulkActionRoute(app, of, context);
    detailActionRoute(app, of, context);
    deliveryRoutes(app, of, context);
  };
}

export const categoryContentRoutes = contentRoutesOf(CATEGORIES);
export const postContentRoutes = contentRoutesOf(POSTS);
