import fastifySwagger from '@fastify/swagger';
import { EVENT_TYPE_NAMES, EVENT_TYPES, type EventType } from '@sitefleet/contract';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { OpenAPIV3 } from 'openapi-types';
import { z } from 'zod';
import { errorAnswers, routeSecurity } from '../api-docs.ts';
import { SESSION_COOKIE } from '../sessions.ts';

/**
 * The body an event subscription receives for `type` (Standard Webhooks' envelope), as an OpenAPI
 * 3.0 schema: the document names each one `Event.{type}`.
 */
function eventSchema(type: EventType) {
  const envelope = z
    .object({
      type: z.literal(type),
      timestamp: z.string().describe('When the event happened (ISO 8601)'),
      data: EVENT_TYPES[type].data,
    })
    .describe(
      `${EVENT_TYPES[type].description} Sent with the headers webhook-id, webhook-timestamp and webhook-signature (Standard Webhooks).`,
    );
  const { $schema: _dialect, ...schema } = z.toJSONSchema(envelope, { target: 'openapi-3.0' });
  return schema as OpenAPIV3.SchemaObject;
}

/**
 * The OpenAPI document, gathered from the routes' zod schemas as they register: registered before
 * them. The API docs (`api-docs.ts`) serve it.
 */
export const swaggerPlugin = fp(async (app) => {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Sitefleet API', version: '1.0.0' },
      components: {
        // Every outgoing event's payload (GET /api/event-types answers the same as JSON Schema).
        schemas: Object.fromEntries(
          EVENT_TYPE_NAMES.map((type) => [`Event.${type}`, eventSchema(type)]),
        ),
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description:
              'The session cookie of a sign-in (POST /login). A change (any method but GET) also sends `X-Requested-With: XMLHttpRequest`.',
          },
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'sf_pat_…',
            description:
              'An API token (POST /api/tokens, or Profile › API Tokens): `Authorization: Bearer sf_pat_…`. No cookie nor X-Requested-With is needed. It is allowed what its abilities allow; 401 says whether it is malformed, unknown, revoked or expired; past `api.token_requests_per_minute` it gets 429 with Retry-After. A token limited to websites is refused (403) by the routes that do not narrow to them.',
          },
          agentToken: {
            type: 'http',
            scheme: 'bearer',
            description: "An instance's agent token: the agent routes only.",
          },
        },
      },
      security: [{ session: [] }, { apiToken: [] }],
    },
    // Each route's error answers join its own, in the document only.
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      const schema = transformed.schema as { response?: Record<string, unknown> };
      const config = input.route.config ?? {};
      return {
        ...transformed,
        schema: {
          ...schema,
          ...routeSecurity(config),
          response: {
            ...errorAnswers(input.route, config),
            ...schema.response,
          },
        },
      };
    },
  });
});
