import {
  type Ability,
  hasAbility,
  hasAnyAbility,
  MESSAGES,
  TOKEN_MESSAGES,
  unknownIdsMessage,
} from '@sitefleet/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { identifyActor } from '../db/audit.ts';
import type { Db } from '../db/client.ts';
import { forbidden, HttpError, notFound, unauthenticated, validationError } from '../errors.ts';
import { bearerApiToken, countTokenRequest, loadApiToken } from './api-tokens.ts';
import {
  type AuthContext,
  forgetCachedSessions,
  loadSession,
  SESSION_COOKIE,
  type SessionCache,
} from './sessions.ts';

/**
 * What a route requires of its caller: nobody (`public`), any signed-in user (`signed-in`), an
 * instance's agent with its bearer token (`agent`, checked by the agent routes themselves), or an
 * ability such as `user-delete`, or a list of abilities any one of which will do. Every route
 * declares one; a route without is refused.
 */
export type Access = 'public' | 'signed-in' | 'agent' | Ability | readonly Ability[];

function grants(abilities: readonly string[], access: Access | undefined): boolean {
  if (!access || access === 'public' || access === 'signed-in' || access === 'agent') return false;
  return typeof access === 'string'
    ? hasAbility(abilities, access)
    : hasAnyAbility(abilities, access);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * A GET that changes data (the sync calls, GETs in the original API): checked against cross-site requests as
     * every POST, PUT and DELETE is. A cross-site page can make a browser send a GET with its
     * cookies, but not with the X-Requested-With header.
     */
    changesData?: boolean;
    /**
     * Only a signed-in session may call it, never an API token: what manages the tokens
     * themselves, the password, the second factor and the sessions.
     */
    sessionOnly?: boolean;
    /**
     * The route narrows what it reads and writes to the websites of a token limited to some
     * (`request.auth.token.websiteIds`); such a token is refused by every other route.
     */
    websiteScoped?: boolean;
    /**
     * A public route that reads no cookie and no session (the page-view beacon's): requests from
     * other origins are what it is for, and carry nothing it could be made to misuse.
     */
    cookieless?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function checkCsrf(request: FastifyRequest) {
  if (SAFE_METHODS.has(request.method) && !request.routeOptions.config.changesData) return;
  if (request.headers['x-requested-with'] !== 'XMLHttpRequest') {
    throw new HttpError(403, MESSAGES.csrf);
  }
  const origin = request.headers.origin;
  if (origin && origin !== `${request.protocol}://${request.host}`) {
    throw new HttpError(403, MESSAGES.badOrigin);
  }
}

/**
 * The websites the request's API token is limited to; null: every website (a session, or a
 * token not limited). Read by the routes marked `websiteScoped`.
 */
export const websiteScope = (request: FastifyRequest): readonly number[] | null =>
  request.auth?.token?.websiteIds ?? null;

/** To a token limited to other websites, a website is not there: 404. */
export function assertWebsiteInScope(request: FastifyRequest, websiteId: number) {
  const scope = websiteScope(request);
  if (scope && !scope.includes(websiteId)) throw notFound();
}

/**
 * Ids of a bulk call on websites, each within the token's websites: the others are unknown to
 * it, and refuse the call as unknown ids do.
 */
export function assertWebsitesInScope(request: FastifyRequest, websiteIds: readonly number[]) {
  const scope = websiteScope(request);
  const outside = scope ? websiteIds.filter((id) => !scope.includes(id)) : [];
  if (outside.length > 0) throw validationError({ ids: unknownIdsMessage(outside) });
}

/** What a token limited to websites may not do: a route marked `websiteScoped` that adds one. */
export function refuseWebsiteScoped(request: FastifyRequest) {
  if (websiteScope(request)) throw new HttpError(403, TOKEN_MESSAGES.websiteScoped);
}

/** The signed-in user of a route that requires one. */
export function currentUser(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

/**
 * Route plugins whose writes may change who may do what (a sign-out, a password, a user's roles,
 * a role's permissions): after each of their writes, the sessions this process keeps are read
 * again, from the request after the answer on. Other writes leave them be. The routes sit in a
 * scope of their own, so a plugin that decorates the app (fastify-plugin) does not belong here.
 */
export function changingAccess(
  routes: FastifyPluginAsyncZod<AppContext>,
): FastifyPluginAsyncZod<AppContext> {
  return async (scope, options) => {
    scope.addHook('onSend', async (request) => {
      if (!SAFE_METHODS.has(request.method)) forgetCachedSessions(options.sessions);
    });
    await scope.register(routes, options);
  };
}

export const authPlugin = fp(
  async (app: FastifyInstance, options: { db: Db; sessions: SessionCache }) => {
    app.decorateRequest('auth', null);

    async function authenticateApiToken(request: FastifyRequest, token: string) {
      const config = request.routeOptions.config;
      const auth = await loadApiToken(options.db, token, options.sessions);
      if (config.sessionOnly) throw new HttpError(403, TOKEN_MESSAGES.sessionOnly);
      if (auth.token?.websiteIds && !config.websiteScoped) {
        throw new HttpError(403, TOKEN_MESSAGES.websiteScoped);
      }
      await countTokenRequest(options.db, auth.token!.id, request.ip);
      request.auth = auth;
      identifyActor(auth);
    }

    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config.access;
      if (access === 'public' && request.routeOptions.config.cookieless) return;
      // Agents authenticate with a bearer token, never a cookie: a forged request has no session
      // to ride on, so the cross-site checks do not apply.
      if (access === 'agent' && !request.is404) return;
      const apiToken = bearerApiToken(request);
      if (apiToken) {
        // A bearer token is sent by a script, never added by a browser to a forged request: the
        // cross-site checks are for cookies. The cookie, if any, is not read.
        if (request.is404 || access === 'public') return;
        await authenticateApiToken(request, apiToken);
        if (access === 'signed-in') return;
        if (!grants(request.auth!.abilities, access)) throw forbidden();
        return;
      }
      checkCsrf(request);
      if (request.is404) return;
      if (access === 'public') return;
      const token = request.cookies[SESSION_COOKIE];
      request.auth = token
        ? await loadSession(options.db, token, { cache: options.sessions })
        : null;
      if (!request.auth) throw unauthenticated();
      identifyActor(request.auth);
      if (access === 'signed-in') return;
      if (!grants(request.auth.abilities, access)) throw forbidden();
    });
  },
);
