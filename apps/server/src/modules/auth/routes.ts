import {
  loginResultSchema,
  loginSchema,
  messageSchema,
  profileSchema,
  SSO_MESSAGES,
} from '@sitefleet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../../db/audit.ts';
import { readSsoConfig } from '../../db/sso-settings.ts';
import { HttpError, notFound } from '../../errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import { destroySession, loadSession, SESSION_COOKIE } from '../../plugins/sessions.ts';
import { dropChallenge } from './login-challenges.ts';
import { authenticate, getProfile } from './service.ts';
import { beginSession, openSecondStep } from './sign-in.ts';
import { localLoginAllowed } from './sso.ts';

export const authRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db } = context;

  app.post(
    '/login',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Sign in',
        tags: ['auth'],
        body: loginSchema,
        response: { 200: loginResultSchema },
      },
    },
    async (request, reply) => {
      const userId = await authenticate(db, { ...request.body, ip: request.ip });
      if (!(await localLoginAllowed(db, await readSsoConfig(db, context.secrets), userId))) {
        throw new HttpError(403, SSO_MESSAGES.localLoginOff);
      }
      await dropChallenge(db, request);
      const input = { userId, remember: request.body.remember };
      const secondStep = await openSecondStep(db, request, reply, input);
      if (secondStep) return secondStep;
      await beginSession(db, request, reply, input);
      const user = await getProfile(db, userId);
      if (!user) throw notFound();
      return { message: 'Signed in successfully.', user };
    },
  );

  app.post(
    '/logout',
    {
      config: { access: 'public' },
      schema: { summary: 'Sign out', tags: ['auth'], response: { 200: messageSchema } },
    },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      const session = token ? await loadSession(db, token) : null;
      if (token) {
        await db.transaction(async (tx) => {
          await destroySession(tx, token);
          if (!session) return;
          await recordAudit(tx, {
            action: 'signed_out',
            subjectType: 'user',
            subjectId: session.userId,
            userId: session.userId,
          });
        });
      }
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { message: 'Signed out successfully.' };
    },
  );

  app.get(
    '/api/profile',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: "The signed-in user's profile",
        tags: ['profile'],
        response: { 200: profileSchema },
      },
    },
    async (request) => {
      const profile = await getProfile(db, currentUser(request).userId);
      if (!profile) throw notFound();
      return profile;
    },
  );

  app.get(
    '/api/abilities',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: "The signed-in user's abilities",
        tags: ['auth'],
        response: { 200: z.array(z.string()) },
      },
    },
    async (request) => currentUser(request).abilities,
  );
};
