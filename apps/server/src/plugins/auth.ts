import { hasAbility, MESSAGES } from '@sitefleet/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { forbidden, HttpError, unauthenticated } from '../errors.ts';
import { type AuthContext, loadSession, SESSION_COOKIE } from '../modules/auth/sessions.ts';

/**
 * What a route requires of its caller: nobody (`public`), any signed-in user (`signed-in`),
 * or an ability such as `user-delete`. Every route declares one; a route without is refused.
 */
export type Access = 'public' | 'signed-in' | (string & {});

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function checkCsrf(request: FastifyRequest) {
  if (SAFE_METHODS.has(request.method)) return;
  if (request.headers['x-requested-with'] !== 'XMLHttpRequest') {
    throw new HttpError(403, MESSAGES.csrf);
  }
  const origin = request.headers.origin;
  if (origin && origin !== `${request.protocol}://${request.host}`) {
    throw new HttpError(403, MESSAGES.badOrigin);
  }
}

/** The signed-in user of a route that requires one. */
export function currentUser(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

export const authPlugin = fp(async (app: FastifyInstance, options: { db: Db }) => {
  app.decorateRequest('auth', null);

  app.addHook('onRequest', async (request) => {
    checkCsrf(request);
    if (request.is404) return;
    const access = request.routeOptions.config.access;
    if (access === 'public') return;
    const token = request.cookies[SESSION_COOKIE];
    request.auth = token ? await loadSession(options.db, token) : null;
    if (!request.auth) throw unauthenticated();
    if (access === 'signed-in') return;
    if (!access || !hasAbility(request.auth.abilities, access)) throw forbidden();
  });
});
