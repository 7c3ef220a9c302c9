import {
  idParamSchema,
  idsSchema,
  messageSchema,
  permissionChangeAnswerSchema,
  permissionIdsSchema,
  permissionListSchema,
  permissionQuerySchema,
  ROLE_MESSAGES,
  roleInputSchema,
  roleListQuerySchema,
  roleListSchema,
  roleSchema,
} from '@sitefleet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { exportRouteSchema, sendCsv } from '../../lists/export.ts';
import { currentUser } from '../../plugins/auth.ts';
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

  app.get(
    '/api/roles/export',
    {
      config: { access: 'role-list' },
      schema: exportRouteSchema(tags, 'roles', roleListQuerySchema),
    },
    async (request, reply) => sendCsv(reply, await exportRoles(db, request.query)),
  );

  app.get(
    '/api/roles',
    {
      config: { access: 'role-list' },
      schema: {
        summary: 'List roles',
        tags,
        querystring: roleListQuerySchema,
        response: { 200: roleListSchema },
      },
    },
    (request) => listRoles(db, request.query),
  );

  app.post(
    '/api/roles',
    {
      config: { access: 'role-create' },
      schema: {
        summary: 'Create a role',
        tags,
        body: roleInputSchema,
        response: { 201: roleSchema },
      },
    },
    async (request, reply) => {
      const role = await createRole(db, currentUser(request), request.body);
      return reply.status(201).send(role);
    },
  );

  app.get(
    '/api/roles/:id/edit',
    {
      config: { access: 'role-list' },
      schema: {
        summary: 'One role with its permissions',
        tags,
        params: idParamSchema,
        response: { 200: roleSchema },
      },
    },
    (request) => findRole(db, request.params.id),
  );

  app.put(
    '/api/roles/:id',
    {
      config: { access: 'role-update' },
      schema: {
        summary: 'Update a role',
        tags,
        params: idParamSchema,
        body: roleInputSchema,
        response: { 200: roleSchema },
      },
    },
    (request) => updateRole(db, currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/api/roles/:id',
    {
      config: { access: 'role-delete' },
      schema: {
        summary: 'Delete a role',
        tags,
        params: idParamSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await deleteRole(db, currentUser(request), request.params.id);
      return { message: ROLE_MESSAGES.deleted };
    },
  );

  app.delete(
    '/api/roles',
    {
      config: { access: 'role-delete' },
      schema: {
        summary: 'Delete several roles',
        tags,
        body: idsSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => ({
      message: ROLE_MESSAGES.bulkDeleted(
        await deleteRoles(db, currentUser(request), request.body.ids),
      ),
    }),
  );

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
