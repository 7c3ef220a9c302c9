import { MESSAGES } from '@sitefleet/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isLoopbackAddress } from '../config.ts';
import { HttpError } from '../errors.ts';

/** A year, the value browsers' preload lists ask for. */
const HSTS = 'max-age=31536000; includeSubDomains';

/** The names a browser on this machine reaches a loopback server at, on any port. */
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

interface PublicOriginOptions {
  publicOrigins: readonly string[];
  /** The address the server listens on (HOST). */
  listenHost: string;
}

/**
 * The server's place on the web. A DNS-rebinding page reaches us under a name of its own: with
 * PUBLIC_URL set, a request whose Host is none of the public origins' is refused; without it, a
 * server on a loopback address answers the loopback names only. The Origin check then compares
 * with a name we chose. HSTS goes out over HTTPS only (behind a TLS proxy, as TRUST_PROXY lets
 * X-Forwarded-Proto tell), and a signed-in JSON answer is never kept by a cache.
 */
export const publicOriginPlugin = fp(
  async (app: FastifyInstance, { publicOrigins, listenHost }: PublicOriginOptions) => {
    const hosts = new Set(publicOrigins.map((origin) => new URL(origin).host));
    const loopbackOnly = hosts.size === 0 && isLoopbackAddress(listenHost);

    app.addHook('onRequest', async (request) => {
      const refused =
        hosts.size > 0
          ? !hosts.has(request.host.toLowerCase())
          : loopbackOnly && !LOOPBACK_NAMES.has(request.hostname.toLowerCase());
      if (refused) throw new HttpError(421, MESSAGES.unknownHost);
    });

    app.addHook('onSend', async (request, reply) => {
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
      const type = String(reply.getHeader('content-type') ?? '');
      if (
        request.auth &&
        type.startsWith('application/json') &&
        !reply.hasHeader('cache-control')
      ) {
        reply.header('cache-control', 'no-store');
      }
    });
  },
);
