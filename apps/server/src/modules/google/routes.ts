import {
  googleAuthAnswerSchema,
  googleCallbackSchema,
  MESSAGES,
  messageSchema,
} from '@sitefleet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../plugins/auth.ts';
import { buildAuthUrl, completeAuthorisation } from './service.ts';

/** The Google tokens are the application's (YouTube publishing): managing them is a settings matter. */
export const googleRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { db, config, secrets, outbound },
) => {
  app.get(
    '/api/google-auth',
    {
      config: { access: 'setting-update', sessionOnly: true },
      schema: {
        summary: 'Start the Google authorisation',
        tags: ['google'],
        response: { 200: googleAuthAnswerSchema },
      },
    },
    async (request) => ({
      auth_url: await buildAuthUrl(
        db,
        secrets,
        config,
        currentUser(request).sessionId,
        `${request.protocol}://${request.host}`,
      ),
    }),
  );

  app.post(
    '/api/google-callback',
    {
      config: { access: 'setting-update', sessionOnly: true },
      schema: {
        summary: 'Finish the Google authorisation',
        tags: ['google'],
        body: googleCallbackSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await completeAuthorisation(db, secrets, config, outbound, {
        sessionId: currentUser(request).sessionId,
        code: request.body.code,
        state: request.body.state,
        origin: `${request.protocol}://${request.host}`,
      });
      return { message: MESSAGES.googleConnected };
    },
  );
};
