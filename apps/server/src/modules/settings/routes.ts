import { appSettingsSchema } from '@sitefleet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { fetchAppSettings } from './fetch.ts';

export const settingsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    '/api/settings/fetch',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['settings'], response: { 200: appSettingsSchema } },
    },
    () => fetchAppSettings(db),
  );
};
