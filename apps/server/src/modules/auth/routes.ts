import { loginSchema } from '@sitefleet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import { authenticate, getProfile } from './service.ts';
import { createSession, destroySession, REMEMBER_MS, SESSION_COOKIE } from './sessions.ts';

export const authRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.post(
    '/login',
    { config: { access: 'public' }, schema: { tags: ['auth'], body: loginSchema } },
    async (request, reply) => {
      const userId = await authenticate(db, { ...request.body, ip: request.ip });
      const previous = request.cookies[SESSION_COOKIE];
      if (previous) await destroySession(db, previous);
      const { token } = await createSession(db, {
        userId,
        remember: request.body.remember,
        ipAddress: request.ip,
        userAgent: request.headers['user-agent'],
      });
      reply.setCookie(SESSION_COOKIE, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        // Without 'Remember Me' the cookie ends with the browser session.
        ...(request.body.remember ? { maxAge: REMEMBER_MS / 1000 } : {}),
      });
      const user = await getProfile(db, userId);
      return { message: 'Signed in successfully.', user };
    },
  );

  app.post(
    '/logout',
    { config: { access: 'public' }, schema: { tags: ['auth'] } },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await destroySession(db, token);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { message: 'Signed out successfully.' };
    },
  );

  app.get(
    '/api/profile',
    { config: { access: 'signed-in' }, schema: { tags: ['profile'] } },
    async (request) => {
      const profile = await getProfile(db, currentUser(request).userId);
      if (!profile) throw notFound();
      return profile;
    },
  );

  app.get(
    '/api/abilities',
    { config: { access: 'signed-in' }, schema: { tags: ['auth'] } },
    async (request) => currentUser(request).abilities,
  );
};
