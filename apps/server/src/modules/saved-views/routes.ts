import {
  idParamSchema,
  messageSchema,
  SAVED_VIEW_MESSAGES,
  savedViewInputSchema,
  savedViewListQuerySchema,
  savedViewListSchema,
  savedViewSchema,
  savedViewUpdateSchema,
} from '@sitefleet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../plugins/auth.ts';
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
  app.get(
    '/api/saved-views',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: "The caller's views of a list and those shared with everyone",
        querystring: savedViewListQuerySchema,
        response: { 200: savedViewListSchema },
      },
    },
    (request) => listSavedViews(db, currentUser(request), request.query.list),
  );

  app.post(
    '/api/saved-views',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: "Save a list's filters, search, sort and columns under a name",
        body: savedViewInputSchema,
        response: { 201: savedViewSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createSavedView(db, currentUser(request), request.body)),
  );

  app.put(
    '/api/saved-views/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Rename, change or (un)share a view the caller saved',
        params: idParamSchema,
        body: savedViewUpdateSchema,
        response: { 200: savedViewSchema },
      },
    },
    (request) => updateSavedView(db, currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/api/saved-views/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Delete a view the caller saved',
        params: idParamSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await deleteSavedView(db, currentUser(request), request.params.id);
      return { message: SAVED_VIEW_MESSAGES.deleted };
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
