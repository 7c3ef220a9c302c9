import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * How long the rest of a refused body is read after the answer, at most: time enough for a client
 * on the same network to send many megabytes, not to hold a connection open for ever.
 */
export const BODY_DRAIN_MS = 10_000;

/**
 * A body refused before it was read whole (over the size limit, or malformed midway) is answered
 * at once, and the connection then reads the rest of it and stays open. Fastify marks such an
 * answer `Connection: close`, and the socket was then closed with the client's unread bytes in
 * it: the kernel answers that with a reset, which can reach the client before it has read the
 * answer, so a loaded client, still sending its body, saw a reset connection instead of a 413.
 * Node reads and drops the rest of a body whose answer has gone; a body still unfinished
 * BODY_DRAIN_MS after the answer has its connection closed.
 */
export const bodyDrainPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply) => {
    if (request.raw.complete || reply.getHeader('connection') !== 'close') return;
    reply.removeHeader('connection');
    const { raw } = request;
    const timer = setTimeout(() => {
      if (!raw.complete) raw.socket.destroy();
    }, BODY_DRAIN_MS);
    timer.unref();
    raw.once('end', () => clearTimeout(timer));
    raw.once('close', () => clearTimeout(timer));
  });
});
