import {
  COSTS_PER_PAGE_MAX,
  costBodySchema,
  costCreatedSchema,
  costsAnswerSchema,
  costsQuerySchema,
  EXCHANGE_RATES_MAX,
  exchangeRatesAnswerSchema,
  exchangeRatesBodySchema,
  exchangeRatesQuerySchema,
  exchangeRatesUpdatedSchema,
} from '@sitefleet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser, websiteScope } from '../../plugins/auth.ts';
import { addCost, readCosts } from './ledger.ts';
import { putRates, readRates } from './rates.ts';

const tags = ['costs'];

/** PUT /api/exchange-rates' body: 10,000 rates within bounds. */
const RATES_BODY_LIMIT_BYTES = 2 * 1024 * 1024;

/** The cost ledger and the exchange rates: read by economics-list, written by economics-manage. */
export const costsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    '/api/costs',
    {
      config: { access: 'economics-list', websiteScoped: true },
      schema: {
        summary: "The cost ledger: each website's costs per day, kind and source",
        description: `The costs of the period (the last 30 days by default, both ends included), a website and a kind, by date, kind, website (the fleet's first) and source, a page at a time (\`per_page\` up to ${COSTS_PER_PAGE_MAX}). Hosting and instances are worked out: a website's hosting cost spread over the days of each renewal period, an instance's cost of each day shared among the websites it had instructions for that day (one row per instance, website and day; a day with none is the fleet's, website_id null). Generation and social costs are recorded as they are billed, \`other\` costs as added. Each amount is in its own currency, and in the base currency (\`amount_base\`, to the hundredth) at the rate of its day: null, never 0, where none is known, its currency then listed in \`missing_rates\`. \`totals\` sums every row of the request per kind and in all (null when one of them has no rate).`,
        tags,
        querystring: costsQuerySchema,
        response: { 200: costsAnswerSchema },
      },
    },
    (request) => readCosts(request.reads, request.query, websiteScope(request)),
  );

  app.post(
    '/api/costs',
    {
      config: { access: 'economics-manage' },
      schema: {
        summary: 'Add a cost of a website, or of the whole fleet',
        description:
          'Only `other` costs are added: hosting, instances, generation and social costs are worked out or recorded as they are billed, and posting one is a 422 on `kind`. Without a website, the cost is the fleet’s, shared among the websites by their views where the economics figures allocate it.',
        tags,
        body: costBodySchema,
        response: { 201: costCreatedSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addCost(db, request.body, currentUser(request).userId)),
  );

  app.put(
    '/api/exchange-rates',
    {
      config: { access: 'economics-manage' },
      bodyLimit: RATES_BODY_LIMIT_BYTES,
      schema: {
        summary: 'Set exchange rates into the base currency, per currency and date',
        description: `1 to ${EXCHANGE_RATES_MAX.toLocaleString('en')} rates, each the units of the base currency one unit of \`currency\` was worth on \`date\` (above 0), all written or none: a bad rate, or one of the base currency itself, is a 422 naming it (\`rates.3.rate\`). A currency's rate of a date that has one is replaced. An amount is converted at the rate of its own date, or else the last one of the 7 days before it.`,
        tags,
        body: exchangeRatesBodySchema,
        response: { 200: exchangeRatesUpdatedSchema },
      },
    },
    (request) => putRates(db, request.body),
  );

  app.get(
    '/api/exchange-rates',
    {
      config: { access: 'economics-list' },
      schema: {
        summary: 'The exchange rates into the base currency of a period',
        description:
          'The rates of the period (the last 30 days by default, both ends included) and of one currency when given, by date and currency, each with its source: `manual` (set by hand) or `ecb` (fetched from the ECB each day, never over a manual rate).',
        tags,
        querystring: exchangeRatesQuerySchema,
        response: { 200: exchangeRatesAnswerSchema },
      },
    },
    (request) => readRates(request.reads, request.query),
  );
};
