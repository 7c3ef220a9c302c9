import { LIVE_EVENT_MESSAGES, liveEventsQuerySchema } from '@sitefleet/contract';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../errors.ts';
import { createEventHub } from '../../events/hub.ts';
import { currentUser } from '../../plugins/auth.ts';
import { loadSession, SESSION_COOKIE } from '../../plugins/sessions.ts';
import { type LiveStream, openStream } from './stream.ts';

export interface EventStreams {
  /** How many streams are open. */
  count(): number;
  /** Ends every open stream with a reconnection hint: the first step of a graceful shutdown. */
  closeAll(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    eventStreams: EventStreams;
  }
}

/** A `Last-Event-ID` header the browser sends back: one of the ids the stream gave it. */
function headerId(value: string | string[] | undefined) {
  const text = Array.isArray(value) ? value[0] : value;
  return text && /^\d{1,15}$/.test(text) ? Number(text) : undefined;
}

/**
 * `GET /api/events`: the live events the signed-in user may see, as Server-Sent Events. The
 * process's one hub listens for them; each open stream filters them by its user's abilities.
 */
const routes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const hub = createEventHub(context.database, app.log);
  const streams = new Set<LiveStream>();
  const closeAll = () => {
    for (const stream of streams) stream.close();
  };
  app.decorate('eventStreams', { count: () => streams.size, closeAll });
  // Open streams would keep the server from closing: they end first, the listening after.
  context.shutdown.onShutdown(closeAll);
  app.addHook('preClose', async () => closeAll());
  app.addHook('onClose', async () => hub.close());

  app.get(
    '/api/events',
    {
      config: { access: 'signed-in', queued: false, sessionOnly: true },
      schema: {
        summary: 'The live events the user may see, as Server-Sent Events',
        description:
          'A `delivery` event on each change of a variant target’s delivery state; ' +
          '`Last-Event-ID` (or `last_event_id`) resumes after the last event received.',
        tags: ['events'],
        querystring: liveEventsQuerySchema,
        response: {
          200: z
            .string()
            .describe('text/event-stream: `id:`, `event:` and `data:` (JSON) lines per event'),
        },
      },
    },
    async (request, reply) => {
      const auth = currentUser(request);
      if (!request.headers.accept?.includes('text/event-stream')) {
        throw new HttpError(406, LIVE_EVENT_MESSAGES.notAcceptable);
      }
      const token = request.cookies[SESSION_COOKIE] ?? '';
      reply.hijack();
      const response = reply.raw;
      response.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // Proxies that buffer answers (nginx) would hold the events back.
        'x-accel-buffering': 'no',
      });
      let stream: LiveStream | undefined;
      try {
        stream = await openStream({
          hub,
          response,
          userId: auth.userId,
          abilities: auth.abilities,
          lastEventId: headerId(request.headers['last-event-id']) ?? request.query.last_event_id,
          heartbeatMs: context.config.EVENTS_HEARTBEAT_MS,
          retryMs: context.config.EVENTS_RETRY_MS,
          recheck: async () =>
            (await loadSession(context.db, token, { touch: false, cache: context.sessions }))
              ?.abilities ?? null,
          onEnd: () => {
            if (stream) streams.delete(stream);
          },
        });
        if (!response.writableEnded) streams.add(stream);
      } catch (error) {
        request.log.error(error, 'The event stream failed to start');
        response.end();
      }
    },
  );
};

export const eventsRoutes = fp(routes, { name: 'event-streams' });
