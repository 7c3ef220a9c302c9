import {
  DELIVERY_ACTION_MESSAGES,
  type DeliveryListQuery,
  deliveryHealthPageSchema,
  deliveryHealthQuerySchema,
  deliveryHealthSchema,
  deliveryListQuerySchema,
  fleetDeliveryPageSchema,
  idParamSchema,
  pauseAnswerSchema,
  pauseBodySchema,
  replayAnswerSchema,
  replayBodySchema,
  testDeliveryAnswerSchema,
  windowQuerySchema,
} from '@sitefleet/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  pauseWebsiteDeliveries,
  resumeWebsiteDeliveries,
} from '../../content/publish/delivery-pause.ts';
import type { AppContext } from '../../context.ts';
import { HttpError, notFound } from '../../errors.ts';
import { listSerializerCompiler } from '../../lib/serializer.ts';
import { CSV_DOWNLOAD, exportRouteSchema, sendCsv } from '../../lists/export.ts';
import { assertWebsiteInScope, websiteScope } from '../../plugins/auth.ts';
import { exportDeliveries, listDeliveries } from './attempts.ts';
import { listDeliveryHealth, websiteDeliveryHealth } from './health.ts';
import { sendPing } from './ping.ts';
import { replayDeliveries } from './replay.ts';

const tags = ['deliveries'];

/** The attempts list's query, with the websites of an API token limited to some. */
const scopedDeliveries = (request: FastifyRequest<{ Querystring: DeliveryListQuery }>) => ({
  ...request.query,
  website_scope: websiteScope(request),
});

/** The window a pause or resume answers the website's health over. */
const DAY_HOURS = 24;

export const deliveriesRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db } = context;

  app.get(
    '/api/delivery-health',
    {
      config: { access: 'delivery-list', replicaReads: true, websiteScoped: true },
      schema: {
        tags,
        summary: "Every website's delivery health over the window, worst first",
        querystring: deliveryHealthQuerySchema,
        response: { 200: deliveryHealthPageSchema },
      },
      serializerCompiler: listSerializerCompiler,
    },
    (request) => listDeliveryHealth(request.reads, request.query, websiteScope(request)),
  );

  app.get(
    '/api/websites/:id/delivery-health',
    {
      config: { access: 'delivery-list', websiteScoped: true },
      schema: {
        tags,
        summary: "One website's delivery health over the window",
        params: idParamSchema,
        querystring: windowQuerySchema,
        response: { 200: deliveryHealthSchema },
      },
    },
    (request) => {
      assertWebsiteInScope(request, request.params.id);
      return websiteDeliveryHealth(db, request.params.id, request.query.window_hours);
    },
  );

  app.get(
    '/api/deliveries/export',
    {
      config: { access: 'delivery-list', replicaReads: true, websiteScoped: true, ...CSV_DOWNLOAD },
      schema: exportRouteSchema(tags, 'delivery attempts', deliveryListQuerySchema),
    },
    async (request, reply) =>
      sendCsv(reply, await exportDeliveries(request.reads, scopedDeliveries(request))),
  );

  app.get(
    '/api/deliveries',
    {
      config: { access: 'delivery-list', replicaReads: true, websiteScoped: true },
      schema: {
        tags,
        summary: 'Every delivery attempt of the fleet, newest first',
        description: 'Each filter narrows the attempts; the search looks in their errors.',
        querystring: deliveryListQuerySchema,
        response: { 200: fleetDeliveryPageSchema },
      },
    },
    (request) => listDeliveries(request.reads, scopedDeliveries(request)),
  );

  app.post(
    '/api/websites/:id/deliveries/pause',
    {
      config: { access: 'delivery-manage', websiteScoped: true },
      schema: {
        tags,
        summary: "Pauses the website's deliveries: they are held until resumed",
        params: idParamSchema,
        body: pauseBodySchema,
        response: { 200: pauseAnswerSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      assertWebsiteInScope(request, id);
      await websiteDeliveryHealth(db, id, DAY_HOURS);
      const reason = request.body?.reason ?? 'Paused by hand';
      const paused = await db.transaction((tx) => pauseWebsiteDeliveries(tx, id, reason, 'hand'));
      if (!paused) throw new HttpError(409, DELIVERY_ACTION_MESSAGES.alreadyPaused);
      request.log.warn({ event: 'delivery_paused', websiteId: id, reason }, 'delivery_paused');
      return {
        message: DELIVERY_ACTION_MESSAGES.paused,
        health: await websiteDeliveryHealth(db, id, DAY_HOURS),
      };
    },
  );

  app.post(
    '/api/websites/:id/deliveries/resume',
    {
      config: { access: 'delivery-manage', websiteScoped: true },
      schema: {
        tags,
        summary: "Resumes the website's deliveries and queues every held one at once",
        params: idParamSchema,
        response: { 200: pauseAnswerSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      assertWebsiteInScope(request, id);
      await websiteDeliveryHealth(db, id, DAY_HOURS);
      const queued = await db.transaction((tx) =>
        resumeWebsiteDeliveries(tx, context.queue, id, 'hand'),
      );
      if (queued === null) throw new HttpError(409, DELIVERY_ACTION_MESSAGES.notPaused);
      return {
        message: DELIVERY_ACTION_MESSAGES.resumed(queued),
        queued,
        health: await websiteDeliveryHealth(db, id, DAY_HOURS),
      };
    },
  );

  app.post(
    '/api/deliveries/replay',
    {
      config: { access: 'delivery-manage' },
      schema: {
        tags,
        summary: 'Sends the chosen attempts’ variants again, under their original keys',
        description:
          'Either `ids` (attempt ids) or a `filter`; with `dry_run`, answers how many would be sent and sends nothing.',
        body: replayBodySchema,
        response: { 200: replayAnswerSchema },
      },
    },
    async (request) => {
      const answer = await replayDeliveries(context, request.body);
      return 'queued' in answer
        ? { message: DELIVERY_ACTION_MESSAGES.replayed(answer.queued), queued: answer.queued }
        : answer;
    },
  );

  app.post(
    '/api/websites/:id/test-delivery',
    {
      config: { access: 'delivery-manage', websiteScoped: true },
      schema: {
        tags,
        summary: "Sends a signed ping to the website's post webhook now (not counted)",
        params: idParamSchema,
        response: { 200: testDeliveryAnswerSchema },
      },
    },
    async (request) => {
      assertWebsiteInScope(request, request.params.id);
      const answer = await sendPing(context, request.params.id);
      if (!answer) throw notFound();
      return answer;
    },
  );
};
