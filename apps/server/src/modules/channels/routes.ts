import {
  channelsResource,
  channelTestSchema,
  idParamSchema,
  socialAppsResource,
} from '@sitefleet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { registerStandardRoutes } from '../../resources/standard-routes.ts';
import { connectRoutes } from './connect/routes.ts';
import {
  createChannel,
  getChannel,
  listChannels,
  removeChannel,
  updateChannel,
} from './service.ts';
import {
  createSocialApp,
  getSocialApp,
  listSocialApps,
  removeSocialApp,
  updateSocialApp,
} from './social-apps.ts';
import { testChannel } from './who-am-i.ts';

/**
 * Social channels and the networks' apps: read with channel-list, changed with channel-manage
 * (the declarations' readAccess and access), and a channel's token tested against its network.
 */
export const channelsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db, secrets } = context;
  registerStandardRoutes(
    app,
    channelsResource,
    {
      list: (query, request) => listChannels(request.reads, query),
      get: (id, request) => getChannel(request.reads, id),
      create: (body) => createChannel(db, secrets, body),
      update: (id, body) => updateChannel(context, id, body),
      remove: (id, request) => removeChannel(db, id, request),
    },
    { fastList: true },
  );

  registerStandardRoutes(app, socialAppsResource, {
    list: (query, request) => listSocialApps(request.reads, query),
    get: (id, request) => getSocialApp(request.reads, id),
    create: (body) => createSocialApp(db, secrets, body),
    update: (id, body) => updateSocialApp(db, secrets, id, body),
    remove: (id) => removeSocialApp(db, id),
  });

  app.post(
    '/api/channels/:id/test',
    {
      config: { access: 'channel-manage' },
      schema: {
        tags: ['channels'],
        summary: 'Calls the network\'s "who am I" with the channel\'s token',
        params: idParamSchema,
        response: { 200: channelTestSchema },
      },
    },
    (request) => testChannel(context, request.params.id),
  );

  await app.register(connectRoutes, context);
};
