import fastifySwagger from '@fastify/swagger';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { errorAnswers } from '../api-docs.ts';
import { SESSION_COOKIE } from '../sessions.ts';

/**
 * The OpenAPI document, gathered from the routes' zod schemas as they register: registered before
 * them. The API docs (`api-docs.ts`) serve it.
 */
export const swaggerPlugin = fp(async (app) => {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Sitefleet API', version: '1.0.0' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
          agentToken: { type: 'http', scheme: 'bearer' },
        },
      },
      security: [{ session: [] }],
    },
    // Each route's error answers join its own, in the document only.
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      const schema = transformed.schema as { response?: Record<string, unknown> };
      return {
        ...transformed,
        schema: {
          ...schema,
          response: {
            ...errorAnswers(input.route, input.route.config?.access),
            ...schema.response,
          },
        },
      };
    },
  });
});
