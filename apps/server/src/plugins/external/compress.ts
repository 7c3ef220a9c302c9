import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Sent as written, whatever the client accepts: a download that streams batch by batch (a
     * compressor would hold its bytes back until its window fills).
     */
    uncompressed?: true;
  }
}

/**
 * What is compressed as it is sent besides the types mime-db calls compressible: the HTML page,
 * JSON answers and the API docs' scripts. Event streams are hijacked and never seen here.
 */
const COMPRESSED_TYPES =
  /^text\/(?:html|css|javascript|plain)(?:;|$)|^application\/javascript(?:;|$)|[/+](?:json|xml)(?:;|$)/;

/**
 * Answers of 1 kB or more are compressed with brotli or gzip, whichever the client's
 * Accept-Encoding prefers, at the fastest level of each: a posts page of 13.9 kB takes 0.09 ms of
 * CPU to 1.4 kB at brotli's quality 1, 0.17 ms to 1.1 kB at the plugin's default 4, beside 1–2 ms
 * for the whole request (docs/performance.md). The web app's built files are compressed at build
 * time, at the highest levels (plugins/web.ts).
 */
export const compressPlugin = fp(async (app) => {
  // Before the compression's own hook, which reads `compress` as each route is added.
  app.addHook('onRoute', (route) => {
    if (route.config?.uncompressed) route.compress = false;
  });
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    // Only answers: request bodies are read as sent, as before.
    globalDecompression: false,
    threshold: 1024,
    customTypes: COMPRESSED_TYPES,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } },
    zlibOptions: { level: 1 },
    // Every answer held whole (JSON, a page) up to 64 kB is compressed in one call. The plugin's
    // default on two cores is 8 kB, and a list's page of 13 kB went through a compression stream
    // on the thread pool: 0.65 ms more of the server's CPU per request than the page alone,
    // where one call takes 15 µs. Streams (exports, downloads) are still compressed as streams.
    syncThreshold: 65_536,
  });
});
