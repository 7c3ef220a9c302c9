import {
  CATEGORY_MESSAGES,
  CHANNEL_MESSAGES,
  INSTANCE_MESSAGES,
  MESSAGES,
  ROLE_MESSAGES,
  SAVED_VIEW_MESSAGES,
  SETTING_MESSAGES,
  USER_MESSAGES,
  WORKFLOW_MESSAGES,
} from '@sitefleet/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ZodError } from 'zod';
import { databaseError } from '../db/client.ts';
import { type FieldErrors, HttpError } from '../errors.ts';

interface ZodIssueLike {
  code: string;
  path: PropertyKey[];
  message: string;
  keys?: string[];
}

/**
 * Turns validation issues into the `errors` object every client reads: field → messages. The map has no
 * prototype, so a field named `constructor` or `__proto__` is a field like any other.
 */
export function fieldErrorsFromIssues(issues: readonly ZodIssueLike[]): FieldErrors {
  const errors: FieldErrors = Object.create(null);
  const add = (field: string, message: string) => {
    const list = errors[field] ?? [];
    if (!list.includes(message)) list.push(message);
    errors[field] = list;
  };
  for (const issue of issues) {
    const prefix = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      for (const key of issue.keys) {
        const field = prefix ? `${prefix}.${key}` : key;
        add(field, MESSAGES.unknownField(field));
      }
    } else {
      add(prefix || 'body', issue.message);
    }
  }
  return errors;
}

/**
 * The unique indexes a form can collide with, by name: the field to blame and its message. The
 * services check first; this answers the race where two requests pass the check together.
 */
const UNIQUE_FIELDS: Record<string, [field: string, message: string]> = {
  users_email_unique: ['email', USER_MESSAGES.emailTaken],
  roles_name_guard_unique: ['name', ROLE_MESSAGES.nameTaken],
  settings_full_path_unique: ['name', SETTING_MESSAGES.nameTaken],
  categories_slug_unique: ['slug', CATEGORY_MESSAGES.slugTaken],
  instances_instance_id_unique: ['instance_id', INSTANCE_MESSAGES.instanceIdTaken],
  workflows_name_unique: ['name', WORKFLOW_MESSAGES.nameTaken],
  saved_views_user_list_name_unique: ['name', SAVED_VIEW_MESSAGES.nameTaken],
  channels_account_idx: ['external_id', CHANNEL_MESSAGES.externalIdTaken],
};

export function isZodError(error: unknown): error is ZodError {
  return error instanceof Error && error.name === 'ZodError' && 'issues' in error;
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A path id beyond its column's range is well formed but cannot name a record.
      const beyondRange = error.validation.every((issue) => issue.keyword === 'too_big');
      if (error.validationContext === 'params' && beyondRange) {
        return reply.status(404).send({ message: MESSAGES.notFound });
      }
      const errors = fieldErrorsFromIssues(
        error.validation.map((v) => ({
          code: v.keyword,
          path: v.instancePath.split('/').filter(Boolean),
          message: v.message ?? MESSAGES.validation,
          keys: (v.params as { keys?: string[] }).keys,
        })),
      );
      const first = Object.values(errors)[0]?.[0];
      return reply.status(422).send({ message: first ?? MESSAGES.validation, errors });
    }
    if (isZodError(error)) {
      const errors = fieldErrorsFromIssues(error.issues as ZodIssueLike[]);
      return reply.status(422).send({ message: MESSAGES.validation, errors });
    }
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .status(error.statusCode)
        .send(
          error.errors
            ? { message: error.message, errors: error.errors }
            : { message: error.message },
        );
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? MESSAGES.payloadTooLarge
          : error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
              error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
              error instanceof SyntaxError
            ? MESSAGES.malformedJson
            : error.message;
      return reply.status(status).send({ message });
    }
    const dbError = databaseError(error);
    if (dbError?.code === '23505') {
      const [field, message] = UNIQUE_FIELDS[dbError.constraint ?? ''] ?? [
        'id',
        MESSAGES.alreadyTaken,
      ];
      return reply.status(422).send({ message, errors: { [field]: [message] } });
    }
    // A failed query's message carries its parameters (password hashes, tokens): log the cause.
    const logged = dbError ? { err: (error as { cause?: unknown }).cause } : { err: error };
    request.log.error(logged, 'unexpected error');
    return reply.status(500).send({ message: MESSAGES.serverError, request_id: request.id });
  });
});
