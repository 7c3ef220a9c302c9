import {
  type Channel,
  channelsResource,
  paginate,
  type SocialApp,
  socialAppsResource,
} from '@sitefleet/contract';

export const CHANNELS_PATH = channelsResource.path;
export const SOCIAL_APPS_PATH = socialAppsResource.path;

/** A connected Facebook Page publishing for two websites, its token ending on 31-12-2099. */
export const CHANNEL: Channel = {
  id: 4,
  network: 'facebook',
  name: 'Fleet Page',
  external_id: '1029384756',
  status: 'connected',
  websites: [
    { id: 3, name: 'Alpha' },
    { id: 7, name: 'Beta' },
  ],
  is_default: true,
  app_id: 2,
  token_expires_at: '2099-12-31T12:00:00.000Z',
  refresh_expires_at: null,
  last_refreshed_at: null,
  last_published_at: null,
  last_error: 'Token refused',
  created_at: '2098-01-01T00:00:00.000Z',
};

/** Facebook's default app, with its secret kept and a test server for its API. */
export const SOCIAL_APP: SocialApp = {
  id: 2,
  network: 'facebook',
  name: 'Fleet app',
  client_id: 'client-42',
  has_client_secret: true,
  is_default: true,
  auth_url: null,
  token_url: null,
  api_base_url: 'http://127.0.0.1:9/graph',
  created_at: '2098-01-01T00:00:00.000Z',
};

/** One page of rows, as the server shapes it. */
export const pageOf = <T>(data: T[], path: string = CHANNELS_PATH) =>
  paginate(data, { page: 1, perPage: 15, total: data.length, path });

/** The session of a user holding `abilities`, and the websites to choose from. */
export const sessionAnswers = (abilities: string[]) => ({
  '/api/profile': {
    body: { id: 1, name: 'Ada', email: 'a@b.c', avatar: null, role: null, roles: [] },
  },
  '/api/abilities': { body: abilities },
  '/api/getAllWebsites': {
    body: [
      { id: 3, name: 'Alpha' },
      { id: 7, name: 'Beta' },
    ],
  },
});
