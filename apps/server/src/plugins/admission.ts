import { MESSAGES } from '@sitefleet/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { LimitFunction } from 'p-limit';
import { HttpError } from '../errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `false`: the route is answered at once, outside the requests' queue: an event stream or a
     * CSV download, which stay open as long as their clients, and the probes, which must answer
     * however busy the process is.
     */
    queued?: boolean;
  }
}

type Done = (error?: Error) => void;

const hasBody = (request: FastifyRequest) =>
  request.headers['content-length'] !== undefined ||
  request.headers['transfer-encoding'] !== undefined;

/** Requests that take no turn: on a route that says so (the web app's files among them). */
const unqueued = (request: FastifyRequest) =>
  request.routeOptions.config.queued === false ||
  // An upload is read by its handler: a slow sender would hold its turn for minutes.
  request.headers['content-type']?.startsWith('multipart/') === true;

/**
 * The requests take their turn in the order they came, REQUEST_CONCURRENCY of them at once
 * (`limit`); each keeps its turn until its answer is sent or its client leaves. A busy process
 * then makes a request wait once, on arrival. Without the queue every request started at once,
 * and each of its statements waited behind every other request's for a database connection: a
 * request of five statements waited five times as long as one of one.
 *
 * A request with a body takes its turn once the body has come, so that a client sending it
 * slowly keeps no other waiting.
 */
export const admissionPlugin = fp(
  async (app: FastifyInstance, options: { limit: LimitFunction }) => {
    const { limit } = options;
    const admit = (reply: FastifyReply, done: Done) => {
      let gone = false;
      const leave = () => {
        gone = true;
      };
      reply.raw.once('close', leave);
      void limit(
        () =>
          new Promise<void>((release) => {
            reply.raw.off('close', leave);
            if (gone) {
              // The client left while the request waited: no work is done for it.
              release();
              done(new HttpError(408, MESSAGES.clientGone));
              return;
            }
            reply.raw.once('close', () => release());
            done();
          }),
      );
    };
    app.addHook('onRequest', (request, reply, done) => {
      if (unqueued(request) || hasBody(request)) done();
      else admit(reply, done);
    });
    app.addHook('preValidation', (request, reply, done) => {
      if (unqueued(request) || !hasBody(request)) done();
      else admit(reply, done);
    });
  },
);
