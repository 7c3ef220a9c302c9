import { MESSAGES } from '@sitefleet/contract';
import { errorCodes, type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, validationError } from '../errors.ts';

/**
 * How deep arrays and objects may nest in a body. The deepest form nests a handful of levels;
 * JSON.parse, its reviver and the schema checks all recurse, and thousands of levels overflow
 * the stack. 64 is ten times any form and far below that.
 */
export const MAX_BODY_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;

/**
 * Whether the text nests arrays and objects deeper than `limit`, read in one pass over its
 * characters: brackets inside strings do not count. Malformed text is left to JSON.parse.
 */
function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      if (++depth > limit) return true;
    } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) {
      depth--;
    }
  }
  return false;
}

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
 * `constructor.prototype` with a 422 on that field instead of calling the body malformed, and a
 * body nested deeper than MAX_BODY_DEPTH with a 400 before it is parsed.
 */
export const jsonBodyPlugin = fp(async (app: FastifyInstance) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (text.length === 0) return done(new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY(), undefined);
    if (nestsDeeperThan(text, MAX_BODY_DEPTH)) {
      return done(new HttpError(400, MESSAGES.nestedTooDeeply), undefined);
    }
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
