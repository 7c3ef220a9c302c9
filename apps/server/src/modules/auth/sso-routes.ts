import {
  authOptionsSchema,
  SSO_CALLBACK_PATH,
  SSO_START_PATH,
  type SsoError,
} from '@sitefleet/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../../db/audit.ts';
import { authOptions, readSsoConfig } from '../../db/sso-settings.ts';
import { beginSession } from './sign-in.ts';
import { beginSso, finishSso, providerOf, type SsoFlow, SsoRefusal, ssoUser } from './sso.ts';

/** The sealed state of a sign-in between its start and its callback, for the callback only. */
const SSO_COOKIE = 'sitefleet_sso';
const FLOW_MS = 10 * 60 * 1000;
const tags = ['auth'];

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** Back to the sign-in screen, which says why (SSO_ERRORS). */
const toSignIn = (reply: FastifyReply, error: SsoError) =>
  reply.redirect(`/login?sso_error=${error}`, 302);

const redirectAnswer = { 302: z.null().describe('A redirect (Location)') };

/**
 * Single sign-on with an OpenID Connect provider: the sign-in screen's options, the start (a
 * redirect to the provider) and the callback (a session, then the dashboard). Each refusal ends
 * on the sign-in screen with its reason, and is in the audit log.
 */
export const ssoRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db, secrets, outbound } = context;

  app.get(
    '/api/auth/options',
    {
      config: { access: 'public' },
      schema: {
        summary: 'How one may sign in: single sign-on (and its label), a password',
        tags,
        response: { 200: authOptionsSchema },
      },
    },
    async () => authOptions(await readSsoConfig(db, secrets)),
  );

  app.get(
    SSO_START_PATH,
    {
      config: { access: 'public' },
      schema: {
        summary: 'Start a single sign-on: a redirect to the identity provider',
        tags,
        response: redirectAnswer,
      },
    },
    async (request, reply) => {
      try {
        const provider = await providerOf(await readSsoConfig(db, secrets), outbound);
        const { url, flow } = await beginSso(provider, originOf(request) + SSO_CALLBACK_PATH);
        reply.setCookie(SSO_COOKIE, secrets.seal(JSON.stringify(flow)), {
          path: SSO_CALLBACK_PATH,
          httpOnly: true,
          // Lax: the provider's redirect back is a top-level GET, which carries it.
          sameSite: 'lax',
          secure: request.protocol === 'https',
          maxAge: FLOW_MS / 1000,
        });
        return reply.redirect(url.href, 302);
      } catch (error) {
        if (error instanceof SsoRefusal) return toSignIn(reply, error.code);
        throw error;
      }
    },
  );

  app.get(
    SSO_CALLBACK_PATH,
    {
      config: { access: 'public' },
      schema: {
        summary: "The identity provider's return: signs in, then the dashboard",
        tags,
        querystring: z.looseObject({ code: z.string().optional(), state: z.string().optional() }),
        response: redirectAnswer,
      },
    },
    async (request, reply) => {
      reply.clearCookie(SSO_COOKIE, { path: SSO_CALLBACK_PATH });
      const config = await readSsoConfig(db, secrets);
      try {
        const flow = openFlow(request.cookies[SSO_COOKIE]);
        const provider = await providerOf(config, outbound);
        const claims = await finishSso(provider, new URL(request.url, originOf(request)), flow);
        const issuer = provider.serverMetadata().issuer;
        const userId = await ssoUser(db, config, issuer, claims);
        await beginSession(db, request, reply, {
          userId,
          remember: false,
          details: { method: 'sso', issuer },
        });
        return reply.redirect('/admin/dashboard', 302);
      } catch (error) {
        if (!(error instanceof SsoRefusal)) throw error;
        await recordAudit(db, {
          action: 'sign_in_failed',
          subjectType: 'user',
          details: { reason: `sso_${error.code}` },
        });
        return toSignIn(reply, error.code);
      }
    },
  );

  /** The flow its start sealed, if it is this browser's and recent. */
  function openFlow(sealed: string | undefined): SsoFlow {
    if (!sealed) throw new SsoRefusal('expired');
    let flow: SsoFlow;
    try {
      flow = JSON.parse(secrets.open(sealed)) as SsoFlow;
    } catch {
      throw new SsoRefusal('expired');
    }
    if (!(Date.now() - flow.at < FLOW_MS)) throw new SsoRefusal('expired');
    return flow;
  }
};
