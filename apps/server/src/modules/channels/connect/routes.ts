import {
  authorizeAnswerSchema,
  CONNECT_MESSAGES,
  channelConnectSchema,
  connectLinkInputSchema,
  connectLinkSchema,
  connectLinkTokenParamSchema,
  connectStateParamSchema,
  oauthCallbackPath,
  pendingChoiceAnswerSchema,
  pendingChoiceSchema,
  pendingConnectSchema,
} from '@sitefleet/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { HttpError } from '../../../errors.ts';
import { currentUser } from '../../../plugins/auth.ts';
import { chooseAccounts, offeredAccounts } from './choose.ts';
import { type ConsentEnd, finishConsent } from './consent.ts';
import { createConnectLink, usableLink } from './links.ts';
import { linkPage, messagePage } from './pages.ts';
import { appById, appToAsk, beginConnect } from './pending.ts';

/**
 * Connecting accounts through each network's consent: started by a person with channel-manage
 * (or through a connect link, by the account's holder, with no session), ended at the network's
 * callback, and, for Pages and organisations, by choosing the accounts offered.
 */

const tags = ['channels'];
const html = (description: string) => z.string().describe(`An HTML page: ${description}`);
const redirect = (description: string) =>
  z.null().describe(`A redirect (Location): ${description}`);

/** Where browsers reach us: PUBLIC_URL's origin for the request's host (or its first), else the request's. */
function publicOrigin(request: FastifyRequest, publicUrls: readonly string[]) {
  const own = `${request.protocol}://${request.host}`;
  if (publicUrls.length === 0) return own;
  const host = request.host.toLowerCase();
  return publicUrls.find((origin) => new URL(origin).host === host) ?? publicUrls[0]!;
}

const sendPage = (reply: FastifyReply, status: number, page: string) =>
  reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(page);

/** A link's 404 or 410 as a page; any other error is the error handler's. */
function linkProblem(reply: FastifyReply, error: unknown) {
  if (!(error instanceof HttpError) || (error.statusCode !== 404 && error.statusCode !== 410)) {
    throw error;
  }
  return sendPage(reply, error.statusCode, messagePage('Connect link', error.message));
}

export const connectRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db, secrets, config } = context;
  const redirectUri = (request: FastifyRequest, network: Parameters<typeof oauthCallbackPath>[0]) =>
    publicOrigin(request, config.PUBLIC_URL) + oauthCallbackPath(network);

  app.post(
    '/api/channels/connect',
    {
      config: { access: 'channel-manage' },
      schema: {
        tags,
        summary: "Starts connecting an account: the network's consent page",
        description:
          "OAuth 2.0 authorization code with a state (single use, 15 minutes) and, for X and TikTok, PKCE (S256), at the app's authorization address with its client; the network sends the browser back to `/oauth/{network}/callback`. Without `app_id`, the network's default app asks.",
        body: channelConnectSchema,
        response: { 200: authorizeAnswerSchema },
      },
    },
    async (request, reply) => {
      const { network, website_ids: websiteIds } = request.body;
      const asking = await appToAsk(db, secrets, request.body);
      const user = currentUser(request);
      reply.header('cache-control', 'no-store');
      return beginConnect(
        db,
        secrets,
        {
          app: asking,
          websiteIds,
          redirectUri: redirectUri(request, network),
          asker: { userId: user.userId, name: user.name, linkId: null },
        },
        new Date(),
      );
    },
  );

  app.get(
    '/oauth/:network/callback',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "The network's return from its consent (no session: the state authorizes it)",
        description:
          'Exchanges the code and connects the account, then redirects to the Channels screen (`?connect=connected`, or `?pending={state}` to choose Facebook Pages or LinkedIn organisations); through a connect link, a page says so, or the public page to choose. A declined consent is a page that says so; an unknown state a 400 page, a used or expired one a 410 page.',
        params: z.object({ network: z.string().max(40) }),
        querystring: z.looseObject({
          code: z.string().max(4096).optional(),
          state: z.string().max(200).optional(),
          error: z.string().max(200).optional(),
          error_description: z.string().max(2000).optional(),
        }),
        response: {
          200: html('the consent was declined, or the account connected through a link'),
          302: redirect('the Channels screen, or the page to choose accounts'),
          400: html('the state is not known'),
          404: html('no such network'),
          410: html('the state, or the connect link, was used or has expired'),
          502: html('the network refused the code, or its answers said no account'),
        },
      },
    },
    async (request, reply) => {
      const end: ConsentEnd = await finishConsent(
        context,
        request.params.network,
        request.query,
        new Date(),
      );
      if ('redirect' in end)
        return reply.header('cache-control', 'no-store').redirect(end.redirect, 302);
      return sendPage(reply, end.status, end.html);
    },
  );

  for (const linkOnly of [false, true]) {
    const path = linkOnly ? '/api/connect-links/pending/:state' : '/api/channels/pending/:state';
    const access = linkOnly ? ('public' as const) : ('channel-manage' as const);
    const who = linkOnly
      ? 'on the public page of a connect link (no session: the state authorizes it)'
      : 'on the Channels screen';
    app.get(
      path,
      {
        config: { access },
        schema: {
          tags,
          summary: `The accounts a consent offers to choose, ${who}`,
          description:
            'Facebook Pages and LinkedIn organisations, by id and name (never a token). 404 when the state offers none, 410 once chosen or after 30 minutes.',
          params: connectStateParamSchema,
          response: { 200: pendingConnectSchema },
        },
      },
      (request, reply) => {
        reply.header('cache-control', 'no-store');
        return offeredAccounts(context, request.params.state, new Date(), linkOnly);
      },
    );
    app.post(
      path,
      {
        config: { access },
        schema: {
          tags,
          summary: `Adds the accounts chosen as channels, ${who}`,
          description:
            'Each account a channel with its own sealed token, linked to the websites given at the start (an account that is a channel already gets the new token and the websites). Answers 201 with `{ data: [channel] }`; the choice is made once (410 after).',
          params: connectStateParamSchema,
          body: pendingChoiceSchema,
          response: { 201: pendingChoiceAnswerSchema },
        },
      },
      async (request, reply) => {
        const data = await chooseAccounts(
          context,
          request.params.state,
          request.body.external_ids,
          new Date(),
          linkOnly,
        );
        return reply.code(201).send({ data });
      },
    );
  }

  app.post(
    '/api/channels/connect-links',
    {
      config: { access: 'channel-manage' },
      schema: {
        tags,
        summary: 'A connect link for a website owner who holds the account but has no login',
        description:
          "Answers the link once: `{origin}/connect/{token}`, a public page that names who asks, the app, the network and the websites, and leads to the network's consent. It answers 410 once a consent came back through it, or after `expires_at`.",
        body: connectLinkInputSchema,
        response: { 200: connectLinkSchema },
      },
    },
    async (request, reply) => {
      const { website_ids: websiteIds } = request.body;
      const asking = await appToAsk(db, secrets, request.body);
      const user = currentUser(request);
      reply.header('cache-control', 'no-store');
      return createConnectLink(
        db,
        {
          app: asking,
          websiteIds,
          hours: request.body.expires_in_hours,
          creator: { userId: user.userId, name: user.name },
          origin: publicOrigin(request, config.PUBLIC_URL),
        },
        new Date(),
      );
    },
  );

  app.get(
    '/connect/:token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "A connect link's public page",
        params: connectLinkTokenParamSchema,
        response: {
          200: html('who asks, through which app, for which network and websites'),
          404: html(CONNECT_MESSAGES.linkUnknown),
          410: html(CONNECT_MESSAGES.linkGone),
        },
      },
    },
    async (request, reply) => {
      try {
        const link = await usableLink(db, request.params.token, new Date());
        return sendPage(reply, 200, linkPage(request.params.token, link));
      } catch (error) {
        return linkProblem(reply, error);
      }
    },
  );

  app.get(
    '/connect/:token/start',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "A connect link's way to the network's consent",
        params: connectLinkTokenParamSchema,
        response: {
          302: redirect("the network's consent page"),
          404: html(CONNECT_MESSAGES.linkUnknown),
          410: html(CONNECT_MESSAGES.linkGone),
        },
      },
    },
    async (request, reply) => {
      const now = new Date();
      try {
        const link = await usableLink(db, request.params.token, now);
        const asking = await appById(db, secrets, link.appId);
        if (!asking) throw new HttpError(410, CONNECT_MESSAGES.linkGone);
        const { authorize_url: url } = await beginConnect(
          db,
          secrets,
          {
            app: asking,
            websiteIds: link.websiteIds,
            redirectUri: redirectUri(request, link.network),
            asker: { userId: link.createdBy, name: link.createdByName, linkId: link.id },
          },
          now,
        );
        return reply.header('cache-control', 'no-store').redirect(url, 302);
      } catch (error) {
        return linkProblem(reply, error);
      }
    },
  );
};
