import {
  COLLECT_DROP_REASONS,
  COLLECT_MAX_BYTES,
  idParamSchema,
  messageSchema,
  TRAFFIC_MESSAGES,
  trackingKeyAnswerSchema,
} from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { errorCodes, type FastifyInstance, type FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { recordChange } from '../../db/audit.ts';
import { queryRows, refusesValues } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { assertWebsiteInScope } from '../../plugins/auth.ts';
import { BEACON_SCRIPT } from './beacon-script.ts';
import { collectPageView, dailySalts, trackingKeys } from './collect.ts';
import { startPageViewWriter } from './ingest.ts';
import { writePageViews } from './rollup.ts';

/**
 * The beacon's routes: `/t.js` and `POST /api/collect`, open to any page of any origin, with no
 * session and outside the API's queue of requests (they take no turn: a burst of page views
 * never delays an operator); and the rotation of a website's tracking key.
 */

/** Page views written per batch, and how often a batch is written at least. */
const BATCH_SIZE = 1000;
const BATCH_INTERVAL_MS = 1000;
/**
 * Views kept waiting while the database is away, past which new ones are refused with a 503 (some
 * 20 MB): a beacon refused is not counted as taken, and the page's next view tries again.
 */
const MAX_WAITING = 100_000;

const PUBLIC = { access: 'public', queued: false, cookieless: true } as const;

/**
 * The collect route's bodies, whatever their type (sendBeacon sends text/plain): read as text up
 * to COLLECT_MAX_BYTES; a longer one is read to its end and dropped (null), not refused, so that
 * the page is answered 202 like any other. One over the server's body limit is refused with a 413
 * as on every route: no page sends one.
 */
function readBeaconBodies(scope: FastifyInstance) {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', (request, payload, done) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const limit = request.routeOptions.bodyLimit ?? Number.POSITIVE_INFINITY;
    const read = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        payload.off('data', read);
        done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE(), undefined);
      } else if (size <= COLLECT_MAX_BYTES) chunks.push(chunk);
    };
    payload.on('data', read);
    payload.on('end', () => {
      if (size <= limit) {
        done(null, size > COLLECT_MAX_BYTES ? null : Buffer.concat(chunks).toString('utf8'));
      }
    });
    payload.on('error', (error) => done(error, undefined));
  });
}

const openToEveryOrigin = (reply: FastifyReply) =>
  reply
    .header('access-control-allow-origin', '*')
    .header('cross-origin-resource-policy', 'cross-origin');

export const trafficCollectRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db, metrics } = context;
  const keys = trackingKeys(db);
  const salts = dailySalts(db);
  const log = app.log;
  const writer = startPageViewWriter({
    write: (views) => writePageViews(db, views),
    batchSize: BATCH_SIZE,
    intervalMs: BATCH_INTERVAL_MS,
    maxBuffered: MAX_WAITING,
    onError: (error, waiting) =>
      log.error({ err: error, waiting }, 'Page views not written yet: kept, tried again'),
    refusesViews: refusesValues,
    onRefused: (view, error) => {
      log.error(
        { err: error, website: view.websiteId },
        'A page view the database refused: left out',
      );
      metrics.pageViews.inc({ outcome: 'dropped', reason: 'unstorable' });
    },
  });
  // After the last request is answered: every view answered 202 is written before the pool closes.
  app.addHook('onClose', async () => {
    const waiting = writer.waiting;
    if (!(await writer.stop())) log.error(`${writer.waiting} of ${waiting} page views not written`);
  });
  for (const reason of COLLECT_DROP_REASONS)
    metrics.pageViews.inc({ outcome: 'dropped', reason }, 0);

  app.get(
    '/t.js',
    {
      config: PUBLIC,
      schema: {
        summary: 'The page-view beacon websites load',
        tags: ['traffic'],
        response: { 200: z.string().describe('The script, application/javascript') },
      },
    },
    async (_request, reply) => {
      openToEveryOrigin(reply)
        .type('application/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=3600');
      return BEACON_SCRIPT;
    },
  );

  await app.register(async (scope) => {
    readBeaconBodies(scope);
    scope.options(
      '/api/collect',
      { config: PUBLIC, helmet: false, schema: { hide: true } },
      (_request, reply) =>
        openToEveryOrigin(reply)
          .header('access-control-allow-methods', 'POST')
          .header('access-control-allow-headers', 'content-type')
          .header('access-control-max-age', '86400')
          .code(204)
          .send(),
    );
    scope.post(
      '/api/collect',
      {
        config: PUBLIC,
        // An answer without a body to a page's beacon: the security headers (a kilobyte, a
        // tenth of the route's time) protect nothing here.
        helmet: false,
        schema: {
          summary: "A page view from a website's beacon: 202 whether it is counted or dropped",
          tags: ['traffic'],
          response: {
            202: z.null().describe('Taken, or dropped as nothing to count'),
            503: messageSchema.describe('Not taken: try again shortly'),
          },
        },
      },
      async (request, reply) => {
        openToEveryOrigin(reply);
        let collected: Awaited<ReturnType<typeof collectPageView>>;
        try {
          collected = await collectPageView(
            {
              body: request.body === undefined ? '' : (request.body as string | null),
              ip: request.ip,
              userAgent: request.headers['user-agent'] ?? '',
              doNotTrack: request.headers.dnt === '1',
              at: new Date(),
            },
            keys,
            salts,
          );
        } catch (error) {
          // The keys or the day's salt could not be read: the view is not taken.
          log.error({ err: error }, 'A page view could not be read');
          metrics.pageViews.inc({ outcome: 'refused', reason: 'database' });
          return reply
            .code(503)
            .header('retry-after', '5')
            .send({ message: TRAFFIC_MESSAGES.busy });
        }
        if ('dropped' in collected) {
          metrics.pageViews.inc({ outcome: 'dropped', reason: collected.dropped });
          return reply.code(202).send();
        }
        if (!writer.take(collected.view)) {
          metrics.pageViews.inc({ outcome: 'refused', reason: 'waiting' });
          return reply
            .code(503)
            .header('retry-after', '5')
            .send({ message: TRAFFIC_MESSAGES.busy });
        }
        metrics.pageViews.inc({ outcome: 'taken', reason: '' });
        return reply.code(202).send();
      },
    );
  });

  app.post(
    '/api/websites/:id/tracking-key/rotate',
    {
      config: { access: 'website-settings', websiteScoped: true },
      schema: {
        summary: 'Gives a website a new tracking key: pages with the old one stop counting',
        tags: ['traffic'],
        params: idParamSchema,
        response: { 200: trackingKeyAnswerSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      assertWebsiteInScope(request, id);
      const trackingKey = await db.transaction(async (tx) => {
        const [before] = await queryRows<{ name: string; tracking_key: string }>(
          tx,
          sql`SELECT name, tracking_key FROM websites WHERE id = ${id} FOR UPDATE`,
        );
        if (!before) throw notFound();
        const [after] = await queryRows<{ tracking_key: string }>(
          tx,
          sql`UPDATE websites SET tracking_key = replace(gen_random_uuid()::text, '-', ''),
                                  updated_at = now()
              WHERE id = ${id} RETURNING tracking_key`,
        );
        await recordChange(
          tx,
          'website',
          { id, name: before.name },
          { trackingKey: before.tracking_key },
          { trackingKey: after!.tracking_key },
        );
        return after!.tracking_key;
      });
      keys.forget();
      return { message: TRAFFIC_MESSAGES.trackingKeyRotated, tracking_key: trackingKey };
    },
  );
};
