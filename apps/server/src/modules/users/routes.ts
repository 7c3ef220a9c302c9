import { roleOptionsSchema, USER_MESSAGES, usersResource } from '@sitefleet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../plugins/auth.ts';
import { registerStandardRoutes } from '../../resources/standard-routes.ts';
import {
  createUser,
  deleteUser,
  deleteUsers,
  exportUsers,
  listUsers,
  roleOptions,
  updateUser,
} from './service.ts';

const tags = ['users'];

export const usersRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db } = context;

  registerStandardRoutes(app, usersResource, {
    list: (query, request) => listUsers(request.reads, query),
    export: (query, request) => exportUsers(request.reads, query),
    create: (body, request) => createUser(db, currentUser(request), body),
    update: (id, body, request) => updateUser(db, currentUser(request), id, body),
    remove: async (id, request) => {
      await deleteUser(db, currentUser(request), id);
      return { message: USER_MESSAGES.deleted };
    },
    removeMany: async (ids, request) => ({
      message: USER_MESSAGES.bulkDeleted(await deleteUsers(db, currentUser(request), ids)),
    }),
  });

  // The user form's roles multi-select: anyone who sees the users list sees these names anyway.
  app.get(
    '/api/roles/all',
    {
      config: { access: 'user-list' },
      schema: {
        summary: 'Every role, for the user form',
        tags,
        response: { 200: roleOptionsSchema },
      },
    },
    () => roleOptions(db),
  );
};
