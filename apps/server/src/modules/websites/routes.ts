import {
  idParamSchema,
  idsSchema,
  WEBSITE_READING_ABILITIES,
  webhookSecretSchema,
  websiteDeleteImpactSchema,
  websiteInputSchema,
  websiteListQuerySchema,
  websiteOptionsSchema,
  websiteSchema,
  websiteSettingsInputSchema,
  websiteSettingsSchema,
  websitesDeletedSchema,
  websitesDeleteImpactSchema,
  websitesPageSchema,
} from '@sitefleet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { exportRouteSchema, sendCsv } from '../../lists/export.ts';
import { currentUser } from '../../plugins/auth.ts';
import {
  bulkDeleteImpact,
  createWebsite,
  deleteImpact,
  deleteWebsite,
  deleteWebsites,
  exportWebsites,
  getSettings,
  getWebsite,
  listWebsites,
  rotateWebhookSecret,
  updateSettings,
  updateWebsite,
  websiteOptions,
} from './service.ts';

const tags = ['websites'];

export const websitesRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    '/api/websites/export',
    {
      config: { access: 'website-list' },
      schema: exportRouteSchema(tags, 'websites', websiteListQuerySchema),
    },
    async (request, reply) => sendCsv(reply, await exportWebsites(db, request.query)),
  );

  app.get(
    '/api/websites',
    {
      config: { access: 'website-list' },
      schema: {
        summary: 'List websites',
        tags,
        querystring: websiteListQuerySchema,
        response: { 200: websitesPageSchema },
      },
    },
    (request) => listWebsites(db, request.query),
  );

  app.get(
    '/api/websites/:id',
    {
      config: { access: 'website-list' },
      schema: {
        summary: 'One website',
        tags,
        params: idParamSchema,
        response: { 200: websiteSchema },
      },
    },
    (request) => getWebsite(db, request.params.id),
  );

  app.post(
    '/api/websites',
    {
      config: { access: 'website-create' },
      schema: {
        summary: 'Create a website',
        tags,
        body: websiteInputSchema,
        response: { 201: websiteSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createWebsite(db, request.body)),
  );

  app.put(
    '/api/websites/:id',
    {
      config: { access: 'website-update' },
      schema: {
        summary: 'Update a website',
        tags,
        params: idParamSchema,
        body: websiteInputSchema,
        response: { 200: websiteSchema },
      },
    },
    (request) => updateWebsite(db, request.params.id, request.body),
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

  app.delete(
    '/api/websites/:id',
    {
      config: { access: 'website-delete' },
      schema: {
        summary: 'Delete a website',
        tags,
        params: idParamSchema,
        response: { 200: websitesDeletedSchema },
      },
    },
    (request) => deleteWebsite(db, currentUser(request), request.params.id),
  );

  app.delete(
    '/api/websites',
    {
      config: { access: 'website-delete' },
      schema: {
        summary: 'Delete several websites',
        tags,
        body: idsSchema,
        response: { 200: websitesDeletedSchema },
      },
    },
    (request) => deleteWebsites(db, currentUser(request), request.body.ids),
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

  app.post(
    '/api/websites/:id/rotate-secret',
    {
      config: { access: 'website-settings' },
      schema: {
        summary: "Rotate a website's webhook secret",
        tags,
        params: idParamSchema,
        response: { 200: webhookSecretSchema },
      },
    },
    async (request, reply) => {
      // The secret is shown once: no cache may keep a copy.
      reply.header('cache-control', 'no-store');
      return rotateWebhookSecret(db, request.params.id);
    },
  );

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
