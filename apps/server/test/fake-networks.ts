import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request one of the fake services received, its body as sent. */
export interface Received {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export const json = (status: number, body: unknown): Answer => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** The bytes of the video the YouTube test publishes. */
export const VIDEO = Buffer.from('not really an mp4, but bytes all the same '.repeat(50));

/**
 * Local stand-ins for the networks' APIs, a video host and a webhook receiver, on one port: each
 * route answers as the real service does, and every request is recorded.
 */
export class FakeNetworks {
  received: Received[] = [];
  url = '';
  /** Answers that replace a route's own, by `METHOD /path`, for a test that needs a failure. */
  answers: Record<string, Answer> = {};
  private routes: Record<string, (request: Received) => Answer> = {
    'POST /facebook/v23.0/PAGE-1/feed': () => json(200, { id: 'PAGE-1_1001' }),
    'POST /facebook/v23.0/PAGE-2/feed': () => json(200, { id: 'PAGE-2_2001' }),
    'POST /x/2/tweets': (request) =>
      request.headers.authorization === 'Bearer x-ended-token'
        ? json(401, { title: 'Unauthorized', status: 401, detail: 'Unauthorized' })
        : json(201, { data: { id: '1880000000000000001', text: '…' } }),
    'POST /x/2/oauth2/token': (request) =>
      new URLSearchParams(request.body.toString()).get('refresh_token') === 'x-revoked'
        ? json(400, {
            error: 'invalid_request',
            error_description: 'Value passed for the token was invalid.',
          })
        : json(200, {
            token_type: 'bearer',
            expires_in: 7200,
            access_token: 'x-fresh-token',
            scope: 'tweet.write tweet.read users.read offline.access',
            refresh_token: 'x-refresh-2',
          }),
    'POST /tiktok/v2/oauth/token/': () =>
      json(200, {
        access_token: 'tt-fresh-token',
        expires_in: 86400,
        open_id: 'open-1',
        refresh_expires_in: 31536000,
        refresh_token: 'tt-refresh-2',
        scope: 'video.publish',
        token_type: 'Bearer',
      }),
    'POST /linkedin/rest/posts': () => ({
      status: 201,
      headers: { 'x-restli-id': 'urn:li:share:7100000000000000001' },
    }),
    'POST /tiktok/v2/post/publish/content/init/': () =>
      json(200, {
        data: { publish_id: 'p_pub_url~v2.7100000000000000001' },
        error: { code: 'ok', message: '', log_id: 'log-1' },
      }),
    'GET /media/clip.mp4': () => ({
      status: 200,
      headers: { 'content-type': 'video/mp4', 'content-length': String(VIDEO.length) },
      body: VIDEO,
    }),
    'GET /media/article.html': () => ({
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8' },
      body: '<html>an article</html>',
    }),
    'POST /google/upload/youtube/v3/videos': () => ({
      status: 200,
      headers: {
        location: `${this.url}/google/upload/youtube/v3/videos?uploadType=resumable&upload_id=UP-1`,
      },
    }),
    'POST /google/token': () =>
      json(200, {
        access_token: 'ya29.refreshed',
        expires_in: 3599,
        scope: 'https://www.googleapis.com/auth/youtube.upload',
        token_type: 'Bearer',
      }),
    'PUT /google/upload/youtube/v3/videos': () =>
      json(200, { kind: 'youtube#video', id: 'yt-video-1' }),
    'POST /hooks/social': () => json(200, { id: 'hook-item-1' }),
  };
  private server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', this.url);
    const received: Received = {
      method: request.method ?? '',
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      body: Buffer.concat(chunks),
    };
    this.received.push(received);
    const key = `${received.method} ${received.path}`;
    const route = this.routes[key];
    const answer =
      this.answers[key] ?? (route ? route(received) : json(404, { error: 'no such route' }));
    response.writeHead(answer.status, answer.headers);
    response.end(answer.body);
  });

  async start() {
    // Connections stay open until stop(), as fake-http's: a keep-alive socket dropped on the
    // server's own timer while the client reused it would fail a request on a loaded machine.
    this.server.keepAliveTimeout = 0;
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop() {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(resolve));
  }

  /** The requests received at a path, in order. */
  at(path: string) {
    return this.received.filter((request) => request.path === path);
  }
}
