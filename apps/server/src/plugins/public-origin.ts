import { MESSAGES } from '@sitefleet/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../errors.ts';

/** A year, the value browsers' preload lists ask for. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The server's place on the web. With PUBLIC_URL set, a request whose Host is none of the public
 * origins' is refused (a DNS-rebinding page reaches us under a name of its own); the Origin check
 * then compares with a name we chose. HSTS goes out over HTTPS only (behind a TLS proxy, as
 * TRUST_PROXY lets X-Forwarded-Proto tell), and a signed-in JSON answer is never kept by a cache.
 */
export const publicOriginPlugin = fp(
  async (app: FastifyInstance, { publicOrigins }: { publicOrigins: readonly string[] }) => {
    const hosts = new Set(publicOrigins.map((origin) => new URL(origin).host));

    app.addHook('onRequest', async (request) => {
      if (hosts.size > 0 && !hosts.has(request.host.toLowerCase())) {
        throw new HttpError(421, MESSAGES.unknownHost);
      }
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
