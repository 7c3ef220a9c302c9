import {
  appSettingsSchema,
  idParamSchema,
  idsSchema,
  messageSchema,
  SETTING_MESSAGES,
  settingAnswerSchema,
  settingCreateSchema,
  settingGroupOptionsSchema,
  settingGroupQuerySchema,
  settingListQuerySchema,
  settingListSchema,
  settingSchema,
  settingUpdateSchema,
} from '@sitefleet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { exportRouteSchema, sendCsv } from '../../lists/export.ts';
import { fetchAppSettings } from './fetch.ts';
import {
  createSetting,
  deleteSetting,
  deleteSettings,
  exportSettings,
  findSetting,
  groupOptions,
  listSettings,
  updateSetting,
} from './service.ts';

const tags = ['settings'];

export const settingsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, secrets }) => {
  app.get(
    '/api/settings/fetch',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'The application settings every screen reads',
        tags,
        response: { 200: appSettingsSchema },
      },
    },
    () => fetchAppSettings(db),
  );

  app.get(
    '/api/settings/export',
    {
      config: { access: 'setting-list' },
      schema: exportRouteSchema(tags, 'settings', settingListQuerySchema),
    },
    async (request, reply) => sendCsv(reply, await exportSettings(db, request.query)),
  );

  app.get(
    '/api/settings',
    {
      config: { access: 'setting-list' },
      schema: {
        summary: 'List settings',
        tags,
        querystring: settingListQuerySchema,
        response: { 200: settingListSchema },
      },
    },
    (request) => listSettings(db, request.query, '/api/settings'),
  );

  app.post(
    '/api/settings',
    {
      config: { access: 'setting-create' },
      schema: {
        summary: 'Create a setting',
        tags,
        body: settingCreateSchema,
        response: { 201: settingAnswerSchema },
      },
    },
    async (request, reply) => {
      const setting = await createSetting(db, secrets, request.body);
      return reply.status(201).send({ message: SETTING_MESSAGES.created, setting });
    },
  );

  app.get(
    '/api/settings/:id/edit',
    {
      config: { access: 'setting-list' },
      schema: {
        summary: 'One setting, for its form',
        tags,
        params: idParamSchema,
        response: { 200: settingSchema },
      },
    },
    (request) => findSetting(db, request.params.id),
  );

  app.put(
    '/api/settings/:id',
    {
      config: { access: 'setting-update' },
      schema: {
        summary: 'Update a setting',
        tags,
        params: idParamSchema,
        body: settingUpdateSchema,
        response: { 200: settingAnswerSchema },
      },
    },
    async (request) => ({
      message: SETTING_MESSAGES.updated,
      setting: await updateSetting(db, secrets, request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/settings/:id',
    {
      config: { access: 'setting-delete' },
      schema: {
        summary: 'Delete a setting',
        tags,
        params: idParamSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await deleteSetting(db, request.params.id);
      return { message: SETTING_MESSAGES.deleted };
    },
  );

  app.delete(
    '/api/settings',
    {
      config: { access: 'setting-delete' },
      schema: {
        summary: 'Delete several settings',
        tags,
        body: idsSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => ({
      message: SETTING_MESSAGES.bulkDeleted(await deleteSettings(db, request.body.ids)),
    }),
  );

  app.get(
    '/api/settinggroups',
    {
      config: { access: 'setting-list' },
      schema: {
        summary: 'List the settings of one group',
        tags,
        querystring: settingGroupQuerySchema,
        response: { 200: settingListSchema },
      },
    },
    (request) => listSettings(db, request.query, '/api/settinggroups'),
  );

  app.get(
    '/api/settinggroups/options',
    {
      config: { access: 'setting-list' },
      schema: {
        summary: 'Every settings group, for the form',
        tags,
        response: { 200: settingGroupOptionsSchema },
      },
    },
    () => groupOptions(db),
  );
};
