import fastifyHelmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/** Security headers, with a Content-Security-Policy that lets in the app's own origin only. */
export const helmetPlugin = fp(async (app) => {
  await app.register(fastifyHelmet, {
    // Sent by the public-origin plugin, over HTTPS only.
    strictTransportSecurity: false,
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'connect-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        // react-select and the toasts insert their own <style> elements.
        'style-src': ["'self'", "'unsafe-inline'"],
        'frame-ancestors': ["'none'"],
        // Served over plain HTTP on a LAN too: upgrading its requests to HTTPS would break it.
        'upgrade-insecure-requests': null,
      },
    },
  });
});
