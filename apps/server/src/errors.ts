import { MESSAGES } from '@sitefleet/contract';

export type FieldErrors = Record<string, string[]>;

/** An error the client caused; the error handler answers it with its status and message. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export function validationError(errors: Record<string, string | string[]>): HttpError {
  const normalised: FieldErrors = Object.create(null);
  for (const [field, messages] of Object.entries(errors)) {
    normalised[field] = Array.isArray(messages) ? messages : [messages];
  }
  const first = Object.values(normalised)[0]?.[0];
  return new HttpError(422, first ?? MESSAGES.validation, normalised);
}

export const notFound = (message: string = MESSAGES.notFound) => new HttpError(404, message);
export const forbidden = (message: string = MESSAGES.forbidden) => new HttpError(403, message);
export const unauthenticated = () => new HttpError(401, MESSAGES.unauthenticated);
