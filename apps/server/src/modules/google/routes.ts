import { randomBytes } from 'node:crypto';
import { googleAuthAnswerSchema, googleCallbackSchema, MESSAGES } from '@sitefleet/contract';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { sessions } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import { currentUser } from '../../plugins/auth.ts';

const YOUTUBE_UPLOAD_SCOPE = 'https://www.googleapis.com/auth/youtube.upload';

export const googleRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, config }) => {
  const assertConfigured = () => {
    if (!config.GOOGLE_CLIENT_ID || !config.GOOGLE_CLIENT_SECRET) {
      throw new HttpError(409, MESSAGES.googleNotConfigured);
    }
    return { clientId: config.GOOGLE_CLIENT_ID };
  };

  app.get(
    '/api/google-auth',
    {
      config: { access: 'setting-update' },
      schema: { tags: ['google'], response: { 200: googleAuthAnswerSchema } },
    },
    async (request) => {
      const { clientId } = assertConfigured();
      const state = randomBytes(24).toString('base64url');
      await db
        .update(sessions)
        .set({ oauthState: state })
        .where(eq(sessions.id, currentUser(request).sessionId));
      const url = new URL(config.GOOGLE_AUTH_URL);
      url.search = new URLSearchParams({
        client_id: clientId,
        redirect_uri:
          config.GOOGLE_REDIRECT_URI ?? `${request.protocol}://${request.host}/youtube/callback`,
        response_type: 'code',
        scope: YOUTUBE_UPLOAD_SCOPE,
        access_type: 'offline',
        prompt: 'consent',
        include_granted_scopes: 'true',
        state,
      }).toString();
      return { auth_url: url.toString() };
    },
  );

  app.post(
    '/api/google-callback',
    {
      config: { access: 'setting-update' },
      schema: { tags: ['google'], body: googleCallbackSchema },
    },
    async () => {
      assertConfigured();
      throw new HttpError(501, 'Exchanging the Google code is not available yet.');
    },
  );
};
