import {
  idParamSchema,
  permissionChangeAnswerSchema,
  permissionIdsSchema,
  permissionListSchema,
  permissionQuerySchema,
  ROLE_MESSAGES,
  rolesResource,
} from '@sitefleet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../plugins/auth.ts';
import { registerStandardRoutes } from '../../resources/standard-routes.ts';
import { exportRoles } from './export.ts';
import { listPermissions } from './permissions-list.ts';
import {
  assignPermissions,
  createRole,
  deleteRole,
  deleteRoles,
  findRole,
  listRoles,
  revokePermissions,
  updateRole,
} from './service.ts';

const tags = ['roles'];

/** Assign and revoke take and answer the same shapes. */
const permissionChange = {
  tags,
  params: idParamSchema,
  body: permissionIdsSchema,
  response: { 200: permissionChangeAnswerSchema },
};

export const rolesRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db } = context;

  registerStandardRoutes(app, rolesResource, {
    list: (query, request) => listRoles(request.reads, query),
    export: (query, request) => exportRoles(request.reads, query),
    get: (id) => findRole(db, id),
    create: (body, request) => createRole(db, currentUser(request), body),
    update: (id, body, request) => updateRole(db, currentUser(request), id, body),
    remove: async (id, request) => {
      await deleteRole(db, currentUser(request), id);
      return { message: ROLE_MESSAGES.deleted };
    },
    removeMany: async (ids, request) => ({
      message: ROLE_MESSAGES.bulkDeleted(await deleteRoles(db, currentUser(request), ids)),
    }),
  });

  app.patch(
    '/api/roles/:id/assign-permissions',
    {
      config: { access: 'role-assign' },
      schema: { ...permissionChange, summary: 'Give a role permissions' },
    },
    (request) =>
      assignPermissions(db, currentUser(request), request.params.id, request.body.permissionsids),
  );

  app.patch(
    '/api/roles/:id/revoke-permissions',
    {
      config: { access: 'role-assign' },
      schema: { ...permissionChange, summary: 'Take permissions from a role' },
    },
    (request) =>
      revokePermissions(db, currentUser(request), request.params.id, request.body.permissionsids),
  );

  app.get(
    '/api/permissions',
    {
      config: { access: 'role-list' },
      schema: {
        summary: 'List permissions, in and out of a role',
        tags,
        querystring: permissionQuerySchema,
        response: { 200: permissionListSchema },
      },
    },
    (request) => listPermissions(db, request.query),
  );
};
