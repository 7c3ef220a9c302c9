import {
  trafficAnswerSchema,
  trafficQuerySchema,
  trafficWebsitesAnswerSchema,
  trafficWebsitesQuerySchema,
} from '@sitefleet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { websiteScope } from '../../plugins/auth.ts';
import { readFromReplica } from '../../plugins/reads.ts';
import { trafficOf } from './reads.ts';
import { trafficTable } from './table.ts';

/**
 * The traffic screens' reads, from the roll-ups: whoever may list the websites may read their
 * traffic, and a token limited to some websites reads theirs only.
 */
export const trafficRoutes: FastifyPluginAsyncZod<AppContext> = async (app) => {
  const trafficWebsites = trafficTable();
  // Counts a moment behind the primary are counts all the same.
  readFromReplica(app);

  app.get(
    '/api/traffic',
    {
      config: { access: 'website-list', websiteScoped: true },
      schema: {
        summary: "The fleet's, a website's, a category's or a post's traffic over a period",
        description:
          'One point per hour, day, week or month of the period (the last 30 days by default), ' +
          'empty ones at zero; the totals, the most viewed pages and the referring domains. ' +
          "Visitors of more than a day are the sum of each day's visitors.",
        tags: ['traffic'],
        querystring: trafficQuerySchema,
        response: { 200: trafficAnswerSchema },
      },
    },
    (request) => trafficOf(request.reads, request.query, websiteScope(request)),
  );

  app.get(
    '/api/traffic/websites',
    {
      config: { access: 'website-list', websiteScoped: true },
      schema: {
        summary: "Each website's traffic over a period, with its change and daily views",
        description:
          'Every website, those without views too: its views and visitors over the period (the ' +
          'last 30 days by default), their change against the period of the same length before ' +
          '(a fraction, null when that one had no views) and its views per day, oldest first.',
        tags: ['traffic'],
        querystring: trafficWebsitesQuerySchema,
        response: { 200: trafficWebsitesAnswerSchema },
      },
    },
    (request) => trafficWebsites(request.reads, request.query, websiteScope(request)),
  );
};
