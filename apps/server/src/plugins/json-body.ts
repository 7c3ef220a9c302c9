import { MESSAGES } from '@sitefleet/contract';
import { errorCodes, type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { validationError } from '../errors.ts';

/** Keys that would reach an object's prototype if the body were ever merged into one. */
function refusePrototypeKeys(key: string, value: unknown) {
  const poisonsConstructor =
    key === 'constructor' && value !== null && typeof value === 'object' && 'prototype' in value;
  if (key === '__proto__' || poisonsConstructor) {
    throw validationError({ [key]: MESSAGES.prototypeField });
  }
  return value;
}

/**
 * JSON bodies, parsed like Fastify's own parser but refusing `__proto__` and
 * `constructor.prototype` with a 422 on that field instead of calling the body malformed.
 */
export const jsonBodyPlugin = fp(async (app: FastifyInstance) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (text.length === 0) return done(new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY(), undefined);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text, refusePrototypeKeys);
    } catch (error) {
      if (error instanceof SyntaxError) {
        return done(new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY(), undefined);
      }
      return done(error as Error, undefined);
    }
    done(null, parsed);
  });
});
