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
import {
  assertWebsiteInScope,
  assertWebsitesInScope,
  currentUser,
  refuseWebsiteScoped,
  websiteScope,
} from '../../plugins/auth.ts';
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

/** A token limited to websites reaches these routes, each narrowed to its websites. */
const SCOPED = { websiteScoped: true } as const;

export const websitesRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  // Every `:id` here is a website's: to a token limited to others, it does not exist.
  app.addHook('preHandler', async (request) => {
    const { id } = request.params as { id?: number };
    if (request.routeOptions.url?.startsWith('/api/websites/:id') && id !== undefined) {
      assertWebsiteInScope(request, id);
    }
  });

  registerStandardRoutes(
    app,
    websitesResource,
    {
      list: (query, request) => listWebsites(request.reads, query, websiteScope(request)),
      export: (query, request) => exportWebsites(request.reads, query, websiteScope(request)),
      get: (id) => getWebsite(db, id),
      create: (body, request) => {
        refuseWebsiteScoped(request);
        return createWebsite(db, body);
      },
      update: (id, body) => updateWebsite(db, id, body),
      remove: (id, request) => deleteWebsite(db, currentUser(request), id),
      removeMany: (ids, request) => {
        assertWebsitesInScope(request, ids);
        return deleteWebsites(db, currentUser(request), ids);
      },
    },
    // The new website's signing secret is in the answer: no cache may keep a copy.
    { noStore: ['create'], websiteScoped: true },
  );

  app.get(
    '/api/websites/:id/delete-impact',
    {
      config: { access: 'website-delete', ...SCOPED },
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
      config: { access: 'website-delete', ...SCOPED },
      schema: {
        summary: 'What deleting several websites removes',
        tags,
        body: idsSchema,
        response: { 200: websitesDeleteImpactSchema },
      },
    },
    (request) => {
      assertWebsitesInScope(request, request.body.ids);
      return bulkDeleteImpact(db, request.body.ids);
    },
  );

  app.get(
    '/api/websites/:id/settings',
    {
      config: { access: 'website-settings', ...SCOPED },
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
      config: { access: 'website-settings', ...SCOPED },
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
    websiteScoped: true,
    summary: "Rotate a website's webhook secret",
    tags,
    answer: webhookSecretSchema,
    rotate: (id) => rotateWebhookSecret(db, id),
  });

  // The category and post screens need the website names to pick from, as the websites list does.
  app.get(
    '/api/getAllWebsites',
    {
      config: { access: WEBSITE_READING_ABILITIES, ...SCOPED },
      schema: {
        summary: 'Every website, for filters and forms',
        tags,
        response: { 200: websiteOptionsSchema },
      },
    },
    (request) => websiteOptions(db, websiteScope(request)),
  );
};
