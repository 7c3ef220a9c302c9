import {
  idParamSchema,
  idsSchema,
  messageSchema,
  roleOptionsSchema,
  USER_MESSAGES,
  userCreateSchema,
  userListQuerySchema,
  userListSchema,
  userRowSchema,
  userUpdateSchema,
} from '@sitefleet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { exportRouteSchema, sendCsv } from '../../lists/export.ts';
import { currentUser } from '../../plugins/auth.ts';
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

  app.get(
    '/api/users/export',
    {
      config: { access: 'user-list' },
      schema: exportRouteSchema(tags, 'users', userListQuerySchema),
    },
    async (request, reply) => sendCsv(reply, await exportUsers(db, request.query)),
  );

  app.get(
    '/api/users',
    {
      config: { access: 'user-list' },
      schema: {
        summary: 'List users',
        tags,
        querystring: userListQuerySchema,
        response: { 200: userListSchema },
      },
    },
    (request) => listUsers(db, request.query),
  );

  app.post(
    '/api/users',
    {
      config: { access: 'user-create' },
      schema: {
        summary: 'Create a user',
        tags,
        body: userCreateSchema,
        response: { 201: userRowSchema },
      },
    },
    async (request, reply) => {
      const user = await createUser(db, currentUser(request), request.body);
      return reply.status(201).send(user);
    },
  );

  app.put(
    '/api/users/:id',
    {
      config: { access: 'user-update' },
      schema: {
        summary: 'Update a user',
        tags,
        params: idParamSchema,
        body: userUpdateSchema,
        response: { 200: userRowSchema },
      },
    },
    (request) => updateUser(db, currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/api/users/:id',
    {
      config: { access: 'user-delete' },
      schema: {
        summary: 'Delete a user',
        tags,
        params: idParamSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await deleteUser(db, currentUser(request), request.params.id);
      return { message: USER_MESSAGES.deleted };
    },
  );

  app.delete(
    '/api/users',
    {
      config: { access: 'user-delete' },
      schema: {
        summary: 'Delete several users',
        tags,
        body: idsSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      const deleted = await deleteUsers(db, currentUser(request), request.body.ids);
      return { message: USER_MESSAGES.bulkDeleted(deleted) };
    },
  );

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
