import { request as httpRequest } from 'node:http';
import { createServer, request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import selfsigned from 'selfsigned';

export interface ProxyAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

/**
 * A TLS-terminating reverse proxy, as a production deployment puts in front of the server: it
 * speaks HTTPS on its own port with a certificate made for the test, and forwards each request
 * over plain HTTP with X-Forwarded-Proto and X-Forwarded-For, keeping the browser's Host.
 */
export async function startTlsProxy() {
  const pems = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }] }],
  });
  let upstreamPort = 0;
  const server = createServer({ key: pems.private, cert: pems.cert }, (incoming, outgoing) => {
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port: upstreamPort,
        method: incoming.method,
        path: incoming.url,
        headers: {
          ...incoming.headers,
          'x-forwarded-proto': 'https',
          'x-forwarded-for': incoming.socket.remoteAddress,
        },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const origin = `https://localhost:${port}`;
  let cookie: string | undefined;

  /** A browser's request through the proxy: it keeps the session cookie and sends our Origin. */
  function send(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ProxyAnswer> {
    const text = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const request = httpsRequest(
        {
          host: '127.0.0.1',
          servername: 'localhost',
          port,
          method,
          path,
          ca: pems.cert,
          headers: {
            host: `localhost:${port}`,
            origin,
            'x-requested-with': 'XMLHttpRequest',
            ...(cookie && { cookie }),
            ...(text !== undefined && { 'content-type': 'application/json' }),
            ...headers,
          },
        },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () => {
            const session = (answer.headers['set-cookie'] ?? []).find((c) =>
              c.startsWith('sitefleet_session='),
            );
            if (session) {
              const pair = session.split(';')[0]!;
              cookie = pair.endsWith('=') ? undefined : pair;
            }
            const raw = Buffer.concat(chunks).toString('utf8');
            let parsed: unknown = raw;
            try {
              parsed = raw ? JSON.parse(raw) : null;
            } catch {
              // Not JSON: the test reads the text.
            }
            resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body: parsed });
          });
        },
      );
      request.on('error', reject);
      request.end(text);
    });
  }

  return {
    origin,
    /** Points the proxy at the server once it listens. */
    forwardTo(serverPort: number) {
      upstreamPort = serverPort;
    },
    send,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
