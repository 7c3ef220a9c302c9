import fastifyCookie from '@fastify/cookie';
import fp from 'fastify-plugin';

/** Cookies: the session cookie and the sign-in challenge's. */
export const cookiePlugin = fp(async (app) => {
  await app.register(fastifyCookie);
});
