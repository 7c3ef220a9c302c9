import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SocialNetwork } from '@sitefleet/contract';

/**
 * Local stand-ins for each network's OAuth 2.0 consent, token endpoint and the API calls a
 * connection makes, answering the real requests with the real answers' shapes. The consent page
 * gives its consent at once: it redirects straight back to the `redirect_uri` with a code (or
 * with `error=access_denied` when told to decline). The token endpoint checks what the network
 * checks: the code (once), the client's credentials as that network takes them, the redirect URI,
 * and PKCE's S256 challenge against the code verifier. Every request is recorded.
 */

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

const json = (status: number, body: unknown): Answer => ({ status, body });
const invalid = (description: string) =>
  json(400, { error: 'invalid_grant', error_description: description });

/** Where each network lives on the fake: its consent page, token endpoint and API base. */
const PLACES: Record<SocialNetwork, { auth: string; token: string; api: string }> = {
  facebook: {
    auth: '/facebook/dialog/oauth',
    token: '/facebook/v23.0/oauth/access_token',
    api: '/facebook/v23.0',
  },
  twitter: { auth: '/x/i/oauth2/authorize', token: '/x/2/oauth2/token', api: '/x' },
  linkedin: {
    auth: '/linkedin/oauth/v2/authorization',
    token: '/linkedin/oauth/v2/accessToken',
    api: '/linkedin',
  },
  tiktok: { auth: '/tiktok/v2/auth/authorize/', token: '/tiktok/v2/oauth/token/', api: '/tiktok' },
  youtube: { auth: '/google/o/oauth2/v2/auth', token: '/google/token', api: '/google' },
};

interface Grant {
  network: SocialNetwork;
  clientId: string;
  redirectUri: string;
  challenge: string | null;
}

export interface FacebookPage {
  id: string;
  name: string;
  access_token: string;
}

export class FakeOAuth {
  url = '';
  received: FakeRequest[] = [];
  /** The clients each network knows: their id and secret. */
  clients: Record<SocialNetwork, { id: string; secret: string }> = {
    facebook: { id: 'fb-client', secret: 'fb-secret' },
    twitter: { id: 'x-client', secret: 'x-secret' },
    linkedin: { id: 'li-client', secret: 'li-secret' },
    tiktok: { id: 'tt-client', secret: 'tt-secret' },
    youtube: { id: 'google-client', secret: 'google-secret' },
  };
  /** The next consents are declined (`error=access_denied`). */
  decline = false;
  /** The token answers carry a refresh token. */
  sendRefreshToken = true;
  pages: FacebookPage[] = [
    { id: 'PAGE-1', name: 'Alpha Page', access_token: 'page-1-token' },
    { id: 'PAGE-2', name: 'Beta Page', access_token: 'page-2-token' },
  ];
  xUser = { id: '2244994945', name: 'Fleet on X', username: 'fleet' };
  organizations = [
    { id: 2414183, name: 'Acme Corp' },
    { id: 5515715, name: 'Acme Labs' },
  ];
  tiktokUser = { open_id: 'tt-open-1', display_name: 'Fleet Clips' };
  youtubeChannel = { id: 'UC-fleet-1', title: 'Fleet Videos' };

  private grants = new Map<string, Grant>();
  /** Access tokens issued, by the network that issued them. */
  private issued = new Map<string, SocialNetwork>();
  private longLived = new Set<string>();
  private count = 0;
  private server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', this.url);
    const received: FakeRequest = {
      method: request.method ?? '',
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    this.received.push(received);
    const answer = this.answer(received);
    response.writeHead(answer.status, {
      ...(answer.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...answer.headers,
    });
    response.end(answer.body === undefined ? undefined : JSON.stringify(answer.body));
  });

  async start() {
    // Connections stay open until stop(), as fake-http's: a keep-alive socket dropped on the
    // server's own timer while the client reused it would fail a request on a loaded machine.
    this.server.keepAliveTimeout = 0;
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  stop() {
    return new Promise<void>((resolve) => {
      this.server.closeAllConnections();
      this.server.close(() => resolve());
    });
  }

  /** A social app's fields that point it at this fake, with the client the fake knows. */
  app(network: SocialNetwork) {
    const place = PLACES[network];
    return {
      network,
      client_id: this.clients[network].id,
      client_secret: this.clients[network].secret,
      auth_url: this.url + place.auth,
      token_url: this.url + place.token,
      api_base_url: this.url + place.api,
    };
  }

  /** The requests received at a path, in order. */
  at(path: string) {
    return this.received.filter((request) => request.path === path);
  }

  /**
   * Gives (or declines) the consent of an authorize URL as the network's page would, at once:
   * answers where it sends the browser back (the server's callback, with the code and state).
   */
  async consent(authorizeUrl: string): Promise<string> {
    const response = await fetch(authorizeUrl, { redirect: 'manual' });
    const location = response.headers.get('location');
    if (response.status !== 302 || !location) {
      throw new Error(`The consent page answered ${response.status}: ${await response.text()}`);
    }
    return location;
  }

  private token(network: SocialNetwork, kind: string) {
    this.count += 1;
    const token = `${network}-${kind}-${this.count}`;
    if (kind === 'access') this.issued.set(token, network);
    return token;
  }

  private bearer(request: FakeRequest, network: SocialNetwork) {
    const sent = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
    return this.issued.get(sent) === network ? sent : null;
  }

  private answer(request: FakeRequest): Answer {
    for (const [network, place] of Object.entries(PLACES) as [
      SocialNetwork,
      typeof PLACES.facebook,
    ][]) {
      if (request.method === 'GET' && request.path === place.auth)
        return this.authorize(network, request);
      if (request.method === 'POST' && request.path === place.token)
        return this.exchange(network, request);
    }
    if (request.method === 'GET' && request.path === PLACES.facebook.token)
      return this.fbLongLived(request);
    return this.api(request) ?? json(404, { error: 'no such route' });
  }

  /** The consent page: straight back to the redirect URI, with a code or the refusal. */
  private authorize(network: SocialNetwork, request: FakeRequest): Answer {
    const { query } = request;
    const clientId = query.get(network === 'tiktok' ? 'client_key' : 'client_id');
    const redirectUri = query.get('redirect_uri');
    if (clientId !== this.clients[network].id || !redirectUri || !query.get('state')) {
      return json(400, { error: 'invalid_request' });
    }
    const back = new URL(redirectUri);
    back.searchParams.set('state', query.get('state')!);
    if (this.decline) {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'The user denied your request.');
    } else {
      const code = this.token(network, 'code');
      const method = query.get('code_challenge_method');
      this.grants.set(code, {
        network,
        clientId,
        redirectUri,
        challenge: method === 'S256' ? query.get('code_challenge') : null,
      });
      back.searchParams.set('code', code);
    }
    return { status: 302, headers: { location: back.toString() } };
  }

  /** The token endpoint's code exchange, with each network's way of naming the client. */
  private exchange(network: SocialNetwork, request: FakeRequest): Answer {
    const form = new URLSearchParams(request.body);
    const client = this.clients[network];
    if (network === 'twitter') {
      const basic = String(request.headers.authorization ?? '').replace(/^Basic /, '');
      const [id, secret] = Buffer.from(basic, 'base64').toString().split(':');
      if (id !== client.id || secret !== client.secret)
        return json(401, { error: 'invalid_client' });
    } else {
      const id = form.get(network === 'tiktok' ? 'client_key' : 'client_id');
      if (id !== client.id || form.get('client_secret') !== client.secret) {
        return json(401, { error: 'invalid_client' });
      }
    }
    const code = form.get('code') ?? '';
    const grant = this.grants.get(code);
    this.grants.delete(code);
    if (form.get('grant_type') !== 'authorization_code' || !grant || grant.network !== network) {
      return invalid('The authorization code is invalid or was used');
    }
    if (form.get('redirect_uri') !== grant.redirectUri) return invalid('redirect_uri mismatch');
    if (grant.challenge !== null) {
      const verifier = form.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (challenge !== grant.challenge)
        return invalid('code_verifier does not match the challenge');
    }
    const access = this.token(network, 'access');
    const refresh = this.sendRefreshToken ? { refresh_token: this.token(network, 'refresh') } : {};
    const answers: Record<SocialNetwork, Record<string, unknown>> = {
      facebook: { access_token: access, token_type: 'bearer', expires_in: 5183 },
      twitter: {
        token_type: 'bearer',
        expires_in: 7200,
        access_token: access,
        scope: 'tweet.read tweet.write users.read offline.access',
        ...refresh,
      },
      linkedin: {
        access_token: access,
        expires_in: 5184000,
        ...refresh,
        ...(this.sendRefreshToken && { refresh_token_expires_in: 31536000 }),
        scope: 'r_organization_admin,w_member_social,w_organization_social',
      },
      tiktok: {
        access_token: access,
        expires_in: 86400,
        open_id: this.tiktokUser.open_id,
        ...(this.sendRefreshToken && { refresh_expires_in: 31536000 }),
        ...refresh,
        scope: 'user.info.basic,video.publish',
        token_type: 'Bearer',
      },
      youtube: {
        access_token: access,
        expires_in: 3599,
        ...refresh,
        scope:
          'https://www.googleapis.com/auth/youtube.upload https://www.googleapis.com/auth/youtube.readonly',
        token_type: 'Bearer',
      },
    };
    return json(200, answers[network]);
  }

  /** Facebook's exchange of a user token for a long-lived one. */
  private fbLongLived(request: FakeRequest): Answer {
    const { query } = request;
    const client = this.clients.facebook;
    const short = query.get('fb_exchange_token') ?? '';
    if (
      query.get('grant_type') !== 'fb_exchange_token' ||
      query.get('client_id') !== client.id ||
      query.get('client_secret') !== client.secret ||
      this.issued.get(short) !== 'facebook'
    ) {
      return json(400, {
        error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 },
      });
    }
    const long = this.token('facebook', 'access');
    this.longLived.add(long);
    return json(200, { access_token: long, token_type: 'bearer', expires_in: 5183944 });
  }

  private api(request: FakeRequest): Answer | null {
    const { path } = request;
    const refused = json(401, { error: { message: 'Invalid OAuth access token.', code: 190 } });
    if (request.method === 'GET' && path === `${PLACES.facebook.api}/me/accounts`) {
      const token = this.bearer(request, 'facebook');
      if (!token || !this.longLived.has(token)) return refused;
      const data = this.pages.map((page) => ({
        ...page,
        category: 'Media/news company',
        tasks: ['ADVERTISE', 'ANALYZE', 'CREATE_CONTENT', 'MESSAGING', 'MODERATE', 'MANAGE'],
      }));
      return json(200, {
        data,
        paging: { cursors: { before: 'QVFI-before', after: 'QVFI-after' } },
      });
    }
    const feed = /^\/facebook\/v23\.0\/([^/]+)\/feed$/.exec(path);
    if (request.method === 'POST' && feed) {
      const body = JSON.parse(request.body || '{}') as { access_token?: string };
      const page = this.pages.find((candidate) => candidate.id === feed[1]);
      if (!page || body.access_token !== page.access_token) return refused;
      this.count += 1;
      return json(200, { id: `${page.id}_${this.count}` });
    }
    if (request.method === 'GET' && path === `${PLACES.twitter.api}/2/users/me`) {
      if (!this.bearer(request, 'twitter'))
        return json(401, { title: 'Unauthorized', status: 401 });
      return json(200, { data: this.xUser });
    }
    if (request.method === 'GET' && path.startsWith(`${PLACES.linkedin.api}/rest/`)) {
      return this.linkedin(request);
    }
    if (request.method === 'GET' && path === `${PLACES.tiktok.api}/v2/user/info/`) {
      if (!this.bearer(request, 'tiktok')) {
        return json(401, {
          error: { code: 'access_token_invalid', message: 'The access token is invalid.' },
        });
      }
      return json(200, {
        data: { user: this.tiktokUser },
        error: { code: 'ok', message: '', log_id: 'log-1' },
      });
    }
    if (request.method === 'GET' && path === `${PLACES.youtube.api}/youtube/v3/channels`) {
      if (!this.bearer(request, 'youtube'))
        return json(401, { error: { code: 401, message: 'Invalid Credentials' } });
      const { id, title } = this.youtubeChannel;
      return json(200, {
        kind: 'youtube#channelListResponse',
        pageInfo: { totalResults: 1, resultsPerPage: 5 },
        items: [{ kind: 'youtube#channel', id, snippet: { title, description: '' } }],
      });
    }
    return null;
  }

  /** LinkedIn's versioned API: it refuses a call without its version headers. */
  private linkedin(request: FakeRequest): Answer {
    if (!this.bearer(request, 'linkedin'))
      return json(401, { status: 401, message: 'Invalid access token' });
    if (
      !request.headers['linkedin-version'] ||
      request.headers['x-restli-protocol-version'] !== '2.0.0'
    ) {
      return json(426, { status: 426, message: 'A version header is required' });
    }
    const { path, query } = request;
    if (path === `${PLACES.linkedin.api}/rest/organizationAcls`) {
      if (
        query.get('q') !== 'roleAssignee' ||
        query.get('role') !== 'ADMINISTRATOR' ||
        query.get('state') !== 'APPROVED'
      ) {
        return json(400, { status: 400, message: 'Invalid query' });
      }
      return json(200, {
        paging: { start: 0, count: 10, links: [], total: this.organizations.length },
        elements: this.organizations.map((organization) => ({
          roleAssignee: 'urn:li:person:fleet-admin',
          state: 'APPROVED',
          role: 'ADMINISTRATOR',
          organization: `urn:li:organization:${organization.id}`,
        })),
      });
    }
    const organization = this.organizations.find(
      (candidate) => path === `${PLACES.linkedin.api}/rest/organizations/${candidate.id}`,
    );
    if (!organization) return json(404, { status: 404, message: 'Not found' });
    return json(200, {
      id: organization.id,
      localizedName: organization.name,
      vanityName: organization.name.toLowerCase().replace(/\s+/g, '-'),
    });
  }
}
