import {
  googleAuthAnswerSchema,
  googleCallbackSchema,
  MESSAGES,
  messageSchema,
} from '@sitefleet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import { currentUser } from '../../../plugins/auth.ts';
import { buildAuthUrl, completeAuthorisation } from './google-login.ts';

/**
 * Login with Google connects the fleet's own YouTube channel with the fleet's Google client: a
 * settings matter, as it always was, so it keeps its ability.
 */
export const googleLoginRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
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
        context,
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
      await completeAuthorisation(context, {
        sessionId: currentUser(request).sessionId,
        code: request.body.code,
        state: request.body.state,
        origin: `${request.protocol}://${request.host}`,
      });
      return { message: MESSAGES.googleConnected };
    },
  );
};
