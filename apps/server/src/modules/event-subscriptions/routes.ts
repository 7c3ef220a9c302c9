import {
  eventAttemptPageSchema,
  eventAttemptQuerySchema,
  eventDeliveryPageSchema,
  eventDeliveryQuerySchema,
  eventReplayAnswerSchema,
  eventReplayInputSchema,
  eventSubscriptionSecretSchema,
  eventSubscriptionsResource,
  eventTypeCatalogue,
  eventTypesAnswerSchema,
  idParamSchema,
  messageSchema,
} from '@sitefleet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../plugins/auth.ts';
import { registerSecretRotation, registerStandardRoutes } from '../../resources/standard-routes.ts';
import {
  listAttempts,
  listDeliveries,
  queueTestEvent,
  replayEvents,
  resumeByUser,
} from './deliveries.ts';
import {
  createSubscription,
  getSubscription,
  listSubscriptions,
  removeSubscription,
  rotateSubscriptionSecret,
  updateSubscription,
} from './service.ts';

const tags = ['event-subscriptions'];
const access = 'event-subscription-manage';

/**
 * Outgoing event subscriptions (event-subscription-manage), their deliveries, and the catalogue of
 * event types with each payload's JSON Schema.
 */
export const eventSubscriptionsRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { db, secrets, queue },
) => {
  registerStandardRoutes(
    app,
    eventSubscriptionsResource,
    {
      list: (query, request) => listSubscriptions(request.reads, secrets, query),
      get: (id, request) => getSubscription(request.reads, secrets, id),
      create: (body, request) => createSubscription(db, secrets, currentUser(request).userId, body),
      update: (id, body) => updateSubscription(db, secrets, id, body),
      remove: (id) => removeSubscription(db, id),
    },
    // The answer holds the secret, shown once.
    { noStore: ['create'] },
  );

  registerSecretRotation(app, '/api/event-subscriptions/:id/rotate-secret', {
    access,
    summary: "Rotate an event subscription's signing secret",
    tags,
    answer: eventSubscriptionSecretSchema,
    rotate: (id) => rotateSubscriptionSecret(db, secrets, id),
  });

  const action = { config: { access }, schema: { tags, params: idParamSchema } } as const;
  app.post(
    '/api/event-subscriptions/:id/test',
    {
      ...action,
      schema: { ...action.schema, summary: 'Send a test event', response: { 200: messageSchema } },
    },
    (request) => queueTestEvent(db, request.params.id),
  );
  app.post(
    '/api/event-subscriptions/:id/resume',
    {
      ...action,
      schema: {
        ...action.schema,
        summary: "Resume a paused subscription's deliveries",
        response: { 200: messageSchema },
      },
    },
    (request) => resumeByUser(db, queue, request.params.id),
  );
  app.post(
    '/api/event-subscriptions/:id/replay',
    {
      ...action,
      schema: {
        ...action.schema,
        summary: "Send a subscription's failed (or other) events again",
        body: eventReplayInputSchema,
        response: { 200: eventReplayAnswerSchema },
      },
    },
    (request) => replayEvents(db, queue, request.params.id, request.body),
  );
  app.get(
    '/api/event-subscriptions/:id/deliveries',
    {
      ...action,
      schema: {
        ...action.schema,
        summary: "A subscription's events and their attempts, newest first",
        querystring: eventDeliveryQuerySchema,
        response: { 200: eventDeliveryPageSchema },
      },
    },
    (request) => listDeliveries(request.reads, request.params.id, request.query),
  );

  app.get(
    '/api/event-subscriptions/:id/attempts',
    {
      ...action,
      schema: {
        ...action.schema,
        summary: "A subscription's attempts log: every try of its events, newest first",
        querystring: eventAttemptQuerySchema,
        response: { 200: eventAttemptPageSchema },
      },
    },
    (request) => listAttempts(request.reads, request.params.id, request.query),
  );

  const catalogue = eventTypeCatalogue();
  app.get(
    '/api/event-types',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The outgoing event types, each with the JSON Schema of its data',
        response: { 200: eventTypesAnswerSchema },
      },
    },
    () => catalogue,
  );
};
