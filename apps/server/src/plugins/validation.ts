import { FIELD_MESSAGES } from '@sitefleet/contract';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * The paths of the strings (values or keys) in `value` that hold a NUL character; an array's
 * items are its members by index.
 */
function nulPaths(value: unknown, path: PropertyKey[] = [], found: PropertyKey[][] = []) {
  if (typeof value === 'string') {
    if (value.includes('\0')) found.push(path);
  } else if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\0')) found.push([...path, key]);
      else nulPaths(item, [...path, key], found);
    }
  }
  return found;
}

/**
 * The routes' validator: each route's contract schema, and then no NUL character in any text it
 * keeps. PostgreSQL text cannot hold U+0000, so a field whose schema forgot to refuse it would
 * reach the database as a server error; checked here, no field of any route can forget it. What
 * a schema drops (an ignored field) is never stored and is not checked.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) =>
  zodValidatorCompiler({
    ...route,
    schema: route.schema.superRefine((value, context) => {
      for (const path of nulPaths(value)) {
        context.addIssue({ code: 'custom', path, message: FIELD_MESSAGES.nulCharacter });
      }
    }),
  });
