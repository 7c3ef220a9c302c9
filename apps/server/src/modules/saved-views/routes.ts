import {
  idParamSchema,
  messageSchema,
  SAVED_VIEW_MESSAGES,
  savedViewListQuerySchema,
  savedViewsResource,
} from '@sitefleet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../plugins/auth.ts';
import { registerStandardRoutes } from '../../resources/standard-routes.ts';
import {
  clearDefaultView,
  createSavedView,
  deleteSavedView,
  listSavedViews,
  setDefaultView,
  updateSavedView,
} from './service.ts';

const tags = ['saved views'];

/**
 * Any signed-in user keeps views; each call checks the ability of the list the view belongs to.
 */
export const savedViewsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  registerStandardRoutes(
    app,
    savedViewsResource,
    {
      list: (query, request) => listSavedViews(request.reads, currentUser(request), query.list),
      create: (body, request) => createSavedView(db, currentUser(request), body),
      update: (id, body, request) => updateSavedView(db, currentUser(request), id, body),
      remove: async (id, request) => {
        await deleteSavedView(db, currentUser(request), id);
        return { message: SAVED_VIEW_MESSAGES.deleted };
      },
    },
    {
      summaries: {
        list: "The caller's views of a list and those shared with everyone",
        create: "Save a list's filters, search, sort and columns under a name",
        update: 'Rename, change or (un)share a view the caller saved',
        remove: 'Delete a view the caller saved',
      },
    },
  );

  app.put(
    '/api/saved-views/:id/default',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: "Make a view the caller's default for its list",
        params: idParamSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await setDefaultView(db, currentUser(request), request.params.id);
      return { message: SAVED_VIEW_MESSAGES.defaultSet };
    },
  );

  app.delete(
    '/api/saved-views/default',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Open the list without a saved view again',
        querystring: savedViewListQuerySchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await clearDefaultView(db, currentUser(request), request.query.list);
      return { message: SAVED_VIEW_MESSAGES.defaultCleared };
    },
  );
};
