import {
  REVENUE_MAX_ROWS,
  REVENUE_PER_PAGE_MAX,
  revenueAnswerSchema,
  revenueBodySchema,
  revenueCreatedSchema,
  revenueQuerySchema,
} from '@sitefleet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { websiteScope } from '../../plugins/auth.ts';
import { addRevenue, readRevenue } from './service.ts';

const tags = ['revenue'];

/** POST /api/revenue's body: 10,000 rows of long source names, within bounds. */
const REVENUE_BODY_LIMIT_BYTES = 4 * 1024 * 1024;

/** Revenue per website, source and day: read with economics-list, written with economics-manage. */
export const revenueRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    '/api/revenue',
    {
      config: { access: 'economics-list', websiteScoped: true },
      schema: {
        summary: "Each website's revenue per source and day, with its totals in the base currency",
        description: `The rows of the period (the last 30 days by default, both ends included), a website and a source, by date, website and source, a page at a time (\`per_page\` up to ${REVENUE_PER_PAGE_MAX}). Each amount is as its source gave it, and in the base currency (\`amount_base\`, to the hundredth) at the rate of its day: null, never 0, where none is known, its currency then listed in \`missing_rates\`. \`totals\` sums every row of the request per source (null when one of them has no rate).`,
        tags,
        querystring: revenueQuerySchema,
        response: { 200: revenueAnswerSchema },
      },
    },
    (request) => readRevenue(request.reads, request.query, websiteScope(request)),
  );

  app.post(
    '/api/revenue',
    {
      config: { access: 'economics-manage' },
      bodyLimit: REVENUE_BODY_LIMIT_BYTES,
      schema: {
        summary: 'Add revenue of a source other than AdSense, per website and day',
        description: `1 to ${REVENUE_MAX_ROWS.toLocaleString('en')} rows, all written or none: a bad row, or one of a website that does not exist, is a 422 naming it (\`rows.3.currency\`). A row of a website, source and date that has one replaces its amount and currency, and counts as \`replaced\`; the others as \`created\`. The source is a short name, kept in lower case; \`adsense\` is the AdSense import's.`,
        tags,
        body: revenueBodySchema,
        response: { 201: revenueCreatedSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await addRevenue(db, request.body.rows)),
  );
};
