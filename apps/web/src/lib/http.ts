/**
 * The one way the app talks to the server: same-origin cookies, JSON in and out, and the
 * X-Requested-With header the server demands on every state-changing request.
 */

export type FieldErrors = Record<string, string[]>;

/** A failed call: the HTTP status (0 when the server could not be reached), its message and field errors. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: FieldErrors = {},
    readonly body: unknown = null,
  ) {
    super(message);
  }

  /** The first message for a field, which is what the forms show. */
  fieldError(field: string): string | undefined {
    return this.fieldErrors[field]?.[0];
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

export const NETWORK_ERROR_MESSAGE = 'The server could not be reached. Check your connection.';

type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue>;

export interface RequestOptions {
  /** Added to the URL; null and undefined values are left out. */
  query?: QueryParams;
  /** Sent as JSON, or as multipart when it is FormData. */
  body?: unknown;
  signal?: AbortSignal;
}

function withQuery(path: string, query: QueryParams | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  const isJson = response.headers.get('content-type')?.includes('json') ?? false;
  return isJson ? JSON.parse(text) : text;
}

function isFieldErrors(value: unknown): value is FieldErrors {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((messages) => Array.isArray(messages))
  );
}

function toApiError(status: number, body: unknown): ApiError {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const message =
    typeof record.message === 'string' ? record.message : `The request failed (HTTP ${status}).`;
  const fieldErrors = isFieldErrors(record.errors) ? record.errors : {};
  return new ApiError(status, message, fieldErrors, body);
}

export async function request<T = unknown>(
  method: string,
  path: string,
  { query, body, signal }: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
  };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    // The browser sets the multipart boundary itself.
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(withQuery(path, query), {
      method,
      headers,
      body: payload,
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }

  const data = await readBody(response);
  if (!response.ok) throw toApiError(response.status, data);
  return data as T;
}

type ReadOptions = Omit<RequestOptions, 'body'>;

/** Answers are `unknown` unless the caller names a type; parse them with the contract's schemas. */
export const http = {
  get: <T = unknown>(path: string, options?: ReadOptions) => request<T>('GET', path, options),
  post: <T = unknown>(path: string, body?: unknown, options?: ReadOptions) =>
    request<T>('POST', path, { ...options, body }),
  put: <T = unknown>(path: string, body?: unknown, options?: ReadOptions) =>
    request<T>('PUT', path, { ...options, body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: ReadOptions) =>
    request<T>('PATCH', path, { ...options, body }),
  delete: <T = unknown>(path: string, body?: unknown, options?: ReadOptions) =>
    request<T>('DELETE', path, { ...options, body }),
};
