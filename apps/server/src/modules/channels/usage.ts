import {
  idParamSchema,
  SOCIAL_APP_MESSAGES,
  type SocialAppUsage,
  type SocialAppUsageQuery,
  socialAppUsageQuerySchema,
  socialAppUsageSchema,
} from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { type Executor, queryRows } from '../../db/client.ts';
import { notFound } from '../../errors.ts';

/** The range a usage request reads when it names none: the last 30 days, today included. */
const DEFAULT_DAYS = 30;

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * An app's usage per day of the range (UTC days, both ends included), zeros on the days it made
 * no call: its publishing calls, the publishes it deferred to keep within a quota, their cost.
 */
export async function appUsage(
  db: Executor,
  appId: number,
  query: SocialAppUsageQuery,
): Promise<SocialAppUsage> {
  const [app] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM social_apps WHERE id = ${appId}`,
  );
  if (!app) throw notFound(SOCIAL_APP_MESSAGES.notFound);
  const to = query.to ?? isoDay(Date.now());
  const from = query.from ?? isoDay(Date.parse(to) - (DEFAULT_DAYS - 1) * 86_400_000);
  const data = await queryRows<SocialAppUsage['data'][number]>(
    db,
    sql`SELECT d.day::date::text AS date, coalesce(u.calls, 0) AS calls,
               coalesce(u.deferred, 0) AS deferred, coalesce(u.cost, 0)::float8 AS cost
        FROM generate_series(${from}::date, ${to}::date, interval '1 day') AS d(day)
        LEFT JOIN social_app_usage u ON u.app_id = ${appId} AND u.day = d.day::date
        ORDER BY d.day`,
  );
  return { data };
}

/** GET /api/social-apps/:id/usage (channel-list). */
export const socialAppUsageRoutes: FastifyPluginAsyncZod<AppContext> = async (app) => {
  app.get(
    '/api/social-apps/:id/usage',
    {
      config: { access: 'channel-list' },
      schema: {
        tags: ['social-apps'],
        summary: "An app's publishing calls, deferrals and cost per day",
        params: idParamSchema,
        querystring: socialAppUsageQuerySchema,
        response: { 200: socialAppUsageSchema },
      },
    },
    (request) => appUsage(request.reads, request.params.id, request.query),
  );
};
