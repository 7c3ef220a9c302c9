import {
  economicsSummaryQuerySchema,
  economicsSummarySchema,
  economicsWebsitesAnswerSchema,
  economicsWebsitesQuerySchema,
} from '@sitefleet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { CSV_DOWNLOAD, exportRouteSchema, sendCsv } from '../../lists/export.ts';
import { assertWebsiteInScope, websiteScope } from '../../plugins/auth.ts';
import { readFromReplica } from '../../plugins/reads.ts';
import { economicsPageJson, economicsWebsites, exportEconomicsWebsites } from './list.ts';
import { economicsReads } from './reads.ts';
import { economicsSummary } from './summary.ts';

/**
 * What each website earns and costs, and the fleet's totals: read by those who may read the
 * economics (economics-list); a token limited to some websites reads theirs only.
 */
export const economicsRoutes: FastifyPluginAsyncZod<AppContext> = async (app) => {
  const reads = economicsReads();
  // Figures a moment behind the primary are figures all the same.
  readFromReplica(app);
  const tags = ['economics'];
  const config = { access: 'economics-list', websiteScoped: true } as const;

  app.get(
    '/api/economics/websites',
    {
      config,
      schema: {
        tags,
        summary: "Each website's revenue, costs and profit over a period",
        description:
          'Every website over the period (the last 30 days by default), in the base currency: ' +
          'revenue, cost and costs by kind (the fleet’s shared costs allocated), profit, margin, ' +
          'beacon views, RPM, posts published, cost per post, renewal advice, daily profit and ' +
          'delivery success. A figure with an amount of no known rate is null, its currency in ' +
          'missing_rates.',
        querystring: economicsWebsitesQuerySchema,
        response: { 200: economicsWebsitesAnswerSchema },
      },
      serializerCompiler: () => economicsPageJson,
    },
    (request) => economicsWebsites(reads, request.reads, request.query, websiteScope(request)),
  );

  app.get(
    '/api/economics/websites/export',
    {
      config: { ...config, ...CSV_DOWNLOAD },
      schema: exportRouteSchema(tags, 'economics', economicsWebsitesQuerySchema),
    },
    async (request, reply) =>
      sendCsv(
        reply,
        await exportEconomicsWebsites(reads, request.reads, request.query, websiteScope(request)),
      ),
  );

  app.get(
    '/api/economics/summary',
    {
      config,
      schema: {
        tags,
        summary: "The fleet's or a website's revenue, cost and profit over a period",
        description:
          'Totals over the period (the last 30 days by default) and over the period of the same ' +
          'length just before, and the figures per day, in the base currency. The fleet’s cost ' +
          'counts every cost; a website’s, its own and its share of the fleet’s.',
        querystring: economicsSummaryQuerySchema,
        response: { 200: economicsSummarySchema },
      },
    },
    (request) => {
      if (request.query.website_id !== undefined) {
        assertWebsiteInScope(request, request.query.website_id);
      }
      return economicsSummary(reads, request.reads, request.query, websiteScope(request));
    },
  );
};
