import { tokensResource } from '@sitefleet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../plugins/auth.ts';
import { registerStandardRoutes } from '../../resources/standard-routes.ts';
import { createToken, listTokens, revokeToken } from './service.ts';

/**
 * The API tokens: each signed-in user's own, and everyone's for a holder of token-manage. Only a
 * session manages them: a token never makes or revokes another.
 */
export const tokensRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  registerStandardRoutes(
    app,
    tokensResource,
    {
      list: (query, request) => listTokens(request.reads, currentUser(request), query),
      create: (body, request) => createToken(db, currentUser(request), body),
      remove: (id, request) => revokeToken(db, currentUser(request), id),
    },
    {
      summaries: {
        list: "List the caller's API tokens (all=1: everyone's, with token-manage)",
        create: 'Create an API token (answered once)',
        remove: 'Revoke an API token',
      },
      noStore: ['create'],
      sessionOnly: true,
    },
  );
};
