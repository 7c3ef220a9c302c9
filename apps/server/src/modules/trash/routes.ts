import {
  emptyTrashSchema,
  idsSchema,
  TRASH_MESSAGES,
  TRASH_PURGE_ABILITY,
  TRASH_TYPES,
  trashChangedSchema,
  trashEntryParamSchema,
  trashResource,
  trashRestoreAbilities,
  trashTypeParamSchema,
} from '@sitefleet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../plugins/auth.ts';
import { registerStandardRoutes } from '../../resources/standard-routes.ts';
import { emptyTrash, listTrash, purgeFromTrash, restoreFromTrash } from './service.ts';

const tags = ['trash'];
/** Each route lets in any caller who may act on some type; the service checks the type's. */
const RESTORE_ABILITIES = [...new Set(TRASH_TYPES.flatMap(trashRestoreAbilities))];
const changed = { 200: trashChangedSchema };

export const trashRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db } = context;

  registerStandardRoutes(
    app,
    trashResource,
    {
      list: (query, request) =>
        listTrash({ ...context, db: request.reads }, currentUser(request), query),
    },
    {
      summaries: {
        list: 'Deleted records of one type or every type the caller may delete, newest first',
      },
    },
  );

  app.post(
    '/api/trash/:type/:id/restore',
    {
      config: { access: RESTORE_ABILITIES },
      schema: {
        tags,
        summary: 'Bring a deleted record back whole, with its own id',
        params: trashEntryParamSchema,
        response: changed,
      },
    },
    async (request) => {
      const { type, id } = request.params;
      const count = await restoreFromTrash(db, currentUser(request), type, [id], 'id');
      return { message: TRASH_MESSAGES.restored(count), count };
    },
  );

  app.post(
    '/api/trash/:type/restore',
    {
      config: { access: RESTORE_ABILITIES },
      schema: {
        tags,
        summary: 'Bring several deleted records of one type back, all or none',
        params: trashTypeParamSchema,
        body: idsSchema,
        response: changed,
      },
    },
    async (request) => {
      const { type } = request.params;
      const count = await restoreFromTrash(db, currentUser(request), type, request.body.ids, 'ids');
      return { message: TRASH_MESSAGES.restored(count), count };
    },
  );

  app.delete(
    '/api/trash/:type/:id',
    {
      config: { access: TRASH_PURGE_ABILITY },
      schema: {
        tags,
        summary: 'Delete a trashed record for good',
        params: trashEntryParamSchema,
        response: changed,
      },
    },
    async (request) => {
      const { type, id } = request.params;
      const count = await purgeFromTrash(db, currentUser(request), type, [id], 'id');
      return { message: TRASH_MESSAGES.purged(count), count };
    },
  );

  app.delete(
    '/api/trash/:type',
    {
      config: { access: TRASH_PURGE_ABILITY },
      schema: {
        tags,
        summary: 'Delete several trashed records of one type for good, all or none',
        params: trashTypeParamSchema,
        body: idsSchema,
        response: changed,
      },
    },
    async (request) => {
      const { type } = request.params;
      const count = await purgeFromTrash(db, currentUser(request), type, request.body.ids, 'ids');
      return { message: TRASH_MESSAGES.purged(count), count };
    },
  );

  app.post(
    '/api/trash/empty',
    {
      config: { access: TRASH_PURGE_ABILITY },
      schema: {
        tags,
        summary: 'Empty the trash of one type, or of every type the caller may purge',
        body: emptyTrashSchema,
        response: changed,
      },
    },
    async (request) => {
      const count = await emptyTrash(db, currentUser(request), request.body?.type);
      return { message: TRASH_MESSAGES.emptied(count), count };
    },
  );
};
