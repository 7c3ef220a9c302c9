import {
  appSettingsAnswerSchema,
  outboundRangesSchema,
  SETTING_MESSAGES,
  settingGroupOptionsSchema,
  settingGroupQuerySchema,
  settingListSchema,
  settingsResource,
} from '@sitefleet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { authOptions, readSsoConfig } from '../../db/sso-settings.ts';
import { allowedRangeList } from '../../lib/outbound.ts';
import { registerStandardRoutes } from '../../resources/standard-routes.ts';
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

export const settingsRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { db, secrets, config },
) => {
  registerStandardRoutes(app, settingsResource, {
    list: (query, request) => listSettings(request.reads, query, settingsResource.path),
    export: (query, request) => exportSettings(request.reads, query),
    get: (id) => findSetting(db, id),
    create: async (body) => ({
      message: SETTING_MESSAGES.created,
      setting: await createSetting(db, secrets, body),
    }),
    update: async (id, body) => ({
      message: SETTING_MESSAGES.updated,
      setting: await updateSetting(db, secrets, id, body),
    }),
    remove: async (id) => {
      await deleteSetting(db, id);
      return { message: SETTING_MESSAGES.deleted };
    },
    removeMany: async (ids) => ({
      message: SETTING_MESSAGES.bulkDeleted(await deleteSettings(db, ids)),
    }),
  });

  app.get(
    '/api/settings/fetch',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'The application settings every screen reads',
        tags,
        response: { 200: appSettingsAnswerSchema },
      },
    },
    async () => fetchAppSettings(db, authOptions(await readSsoConfig(db, secrets)).sso),
  );

  app.get(
    '/api/settings/outbound-ranges',
    {
      // Whoever edits a URL the server calls: a website's webhooks, or a setting.
      config: { access: ['website-settings', 'setting-create', 'setting-update'] },
      schema: {
        summary: 'The internal address ranges this deployment lets the server call',
        tags,
        response: { 200: outboundRangesSchema },
      },
    },
    () => ({ ranges: allowedRangeList(config.OUTBOUND_ALLOWED_RANGES) }),
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
