import {
  hasAbility,
  instanceDetailsAnswerSchema,
  instanceStatQuerySchema,
  pageQuerySchema,
  recordStatQuerySchema,
  renewalsQuerySchema,
  renewalsSchema,
  reviewStageStatQuerySchema,
  reviewStageStatsSchema,
  STAT_ANSWER_KEYS,
  scheduledTasksAnswerSchema,
  scheduledTasksPageSchema,
  topItemSchema,
} from '@sitefleet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { kindOf } from '../../content/kinds.ts';
import type { AppContext } from '../../context.ts';
import { forbidden } from '../../errors.ts';
import { currentUser, websiteScope } from '../../plugins/auth.ts';
import { readFromReplica } from '../../plugins/reads.ts';
import { renewalsDue } from './renewals.ts';
import { reviewStageCounts } from './review-stages.ts';
import {
  countInstances,
  countRecords,
  instanceDetails,
  scheduledTaskList,
  scheduledTaskPage,
  topCategories,
  topWebsites,
} from './service.ts';

const RECORD_STATS = [
  { kind: 'websites', access: 'website-list' },
  { kind: 'posts', access: 'post-list' },
  { kind: 'categories', access: 'category-list' },
] as const;

export const statsRoutes: FastifyPluginAsyncZod<AppContext> = async (app) => {
  // The dashboard's figures may be a moment behind the primary.
  readFromReplica(app);

  app.get(
    '/api/stats/renewals',
    {
      config: { access: 'website-list', websiteScoped: true },
      schema: {
        summary: 'Websites whose renewal falls within the days asked, with their cost',
        tags: ['dashboard'],
        querystring: renewalsQuerySchema,
        response: { 200: renewalsSchema },
      },
    },
    (request) => renewalsDue(request.reads, request.query.days, websiteScope(request)),
  );

  app.get(
    '/api/stats/instances',
    {
      config: { access: 'instance-list' },
      schema: {
        summary: 'Instance counts for the dashboard',
        tags: ['dashboard'],
        querystring: instanceStatQuerySchema,
        response: { 200: z.record(z.string(), z.number()) },
      },
    },
    async (request) => ({
      [STAT_ANSWER_KEYS.instances]: await countInstances(request.reads, request.query.status),
    }),
  );

  for (const { kind, access } of RECORD_STATS) {
    app.get(
      `/api/stats/${kind}`,
      {
        config: { access, websiteScoped: true },
        schema: {
          summary: `How many ${kind} there are, for the dashboard`,
          tags: ['dashboard'],
          querystring: recordStatQuerySchema,
          response: { 200: z.record(z.string(), z.number()) },
        },
      },
      async (request) => ({
        [STAT_ANSWER_KEYS[kind]]: await countRecords(
          request.reads,
          kind,
          request.query.status,
          websiteScope(request),
        ),
      }),
    );
  }

  app.get(
    '/api/stats/review-stages',
    {
      // Either list ability lets the route be reached; the kind asked needs its own.
      config: { access: ['post-list', 'category-list'], websiteScoped: true },
      schema: {
        summary: 'How many variants are in each review stage, for the dashboard',
        tags: ['dashboard'],
        querystring: reviewStageStatQuerySchema,
        response: { 200: reviewStageStatsSchema },
      },
    },
    async (request) => {
      const { kind } = request.query;
      if (!hasAbility(currentUser(request).abilities, `${kind}-list`)) throw forbidden();
      return {
        data: await reviewStageCounts(request.reads, kindOf(kind), websiteScope(request)),
      };
    },
  );

  app.get(
    '/api/details/instances',
    {
      config: { access: 'instance-list' },
      schema: {
        summary: 'Instances per state for the dashboard',
        tags: ['dashboard'],
        response: { 200: instanceDetailsAnswerSchema },
      },
    },
    async (request) => ({ instancesDetails: await instanceDetails(request.reads) }),
  );

  app.get(
    '/api/stats/top-websites',
    {
      config: { access: 'website-list', websiteScoped: true },
      schema: {
        summary: 'Top websites for the dashboard',
        tags: ['dashboard'],
        response: { 200: z.array(topItemSchema) },
      },
    },
    (request) => topWebsites(request.reads, websiteScope(request)),
  );

  app.get(
    '/api/stats/top-categories',
    {
      config: { access: 'category-list', websiteScoped: true },
      schema: {
        summary: 'Top categories for the dashboard',
        tags: ['dashboard'],
        response: { 200: z.array(topItemSchema) },
      },
    },
    (request) => topCategories(request.reads, websiteScope(request)),
  );

  app.get(
    '/api/stats/scheduled-tasks',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'Scheduled tasks for the dashboard',
        tags: ['dashboard'],
        response: { 200: scheduledTasksAnswerSchema },
      },
    },
    (request) => scheduledTaskList(request.reads),
  );

  app.get(
    '/api/stats/scheduled-tasks/page',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'A page of scheduled tasks',
        tags: ['dashboard'],
        querystring: pageQuerySchema,
        response: { 200: scheduledTasksPageSchema },
      },
    },
    (request) => scheduledTaskPage(request.reads, request.query),
  );
};
