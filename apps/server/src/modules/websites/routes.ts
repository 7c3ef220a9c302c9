import {
  idParamSchema,
  idsSchema,
  WEBSITE_READING_ABILITIES,
  webhookSecretSchema,
  websiteDeleteImpactSchema,
  websiteOptionsSchema,
  websiteSettingsInputSchema,
  websiteSettingsSchema,
  websitesDeleteImpactSchema,
  websitesResource,
} from '@sitefleet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../plugins/auth.ts';
import { registerSecretRotation, registerStandardRoutes } from '../../resources/standard-routes.ts';
import {
  bulkDeleteImpact,
  createWebsite,
  deleteImpact,
  deleteWebsite,
  deleteWebsites,
  exportWebsites,
  getWebsite,
  listWebsites,
  rotateWebhookSecret,
  updateWebsite,
  websiteOptions,
} from './service.ts';
import { getSettings, updateSettings } from './settings.ts';

const tags = ['websites'];

export const websitesRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  registerStandardRoutes(
    app,
    websitesResource,
    {
      list: (query, request) => listWebsites(request.reads, query),
      export: (query, request) => exportWebsites(request.reads, query),
      get: (id) => getWebsite(db, id),
      create: (body) => createWebsite(db, body),
      update: (id, body) => updateWebsite(db, id, body),
      remove: (id, request) => deleteWebsite(db, currentUser(request), id),
      removeMany: (ids, request) => deleteWebsites(db, currentUser(request), ids),
    },
    // The new website's signing secret is in the answer: no cache may keep a copy.
    { noStore: ['create'] },
  );

  app.get(
    '/api/websites/:id/delete-impact',
    {
      config: { access: 'website-delete' },
      schema: {
        summary: 'What deleting a website removes',
        tags,
        params: idParamSchema,
        response: { 200: websiteDeleteImpactSchema },
      },
    },
    (request) => deleteImpact(db, request.params.id),
  );

  // A POST with the bulk calls' { ids } body, as Delete Selected sends them; it changes nothing.
  app.post(
    '/api/websites/delete-impact',
    {
      config: { access: 'website-delete' },
      schema: {
        summary: 'What deleting several websites removes',
        tags,
        body: idsSchema,
        response: { 200: websitesDeleteImpactSchema },
      },
    },
    (request) => bulkDeleteImpact(db, request.body.ids),
  );

  app.get(
    '/api/websites/:id/settings',
    {
      config: { access: 'website-settings' },
      schema: {
        summary: "A website's settings",
        tags,
        params: idParamSchema,
        response: { 200: websiteSettingsSchema },
      },
    },
    (request) => getSettings(db, request.params.id),
  );

  app.patch(
    '/api/websites/:id/update-settings',
    {
      config: { access: 'website-settings' },
      schema: {
        summary: "Update a website's settings",
        tags,
        params: idParamSchema,
        body: websiteSettingsInputSchema,
        response: { 200: websiteSettingsSchema },
      },
    },
    (request) => updateSettings(db, request.params.id, request.body),
  );

  registerSecretRotation(app, '/api/websites/:id/rotate-secret', {
    access: 'website-settings',
    summary: "Rotate a website's webhook secret",
    tags,
    answer: webhookSecretSchema,
    rotate: (id) => rotateWebhookSecret(db, id),
  });

  // The category and post screens need the website names to pick from, as the websites list does.
  app.get(
    '/api/getAllWebsites',
    {
      config: { access: WEBSITE_READING_ABILITIES },
      schema: {
        summary: 'Every website, for filters and forms',
        tags,
        response: { 200: websiteOptionsSchema },
      },
    },
    () => websiteOptions(db),
  );
};
