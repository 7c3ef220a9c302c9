import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { expect, inject } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type AppContext, createAppContext } from '../src/context.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { createUser, seedBase } from '../src/db/seed.ts';
import { startWorkers } from '../src/jobs/workers.ts';
import { startEventRelay } from '../src/pipeline/event-relay.ts';
import { JOB_HANDLERS } from '../src/pipeline/handlers.ts';
import { TARGET_SETTINGS } from '../src/pipeline/targets/index.ts';
import { seedTaskRows } from '../src/tasks.ts';
import { databaseUrl, onAdmin } from './postgres-template.ts';

export const ADMIN = { email: 'admin@example.com', password: 'admin12345' };
export const TEST_PASSWORD = 'password123';

/** Which database this run targets: the vitest project sets TEST_DB. */
export const TEST_DB = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

let image: Blob | undefined;
/**
 * The migrated, empty PGlite database the project's global setup dumped (pglite-image.ts), read
 * once per worker: a Blob never changes, and each file's database starts from the same 30 MB.
 */
export const migratedImage = () => {
  image ??= new Blob([readFileSync(inject('pgliteImage'))]);
  return image;
};

/**
 * A fresh database for one test file: PGlite in memory, or a new PostgreSQL database (with its
 * `url`, for tests that start other processes on it). Both start migrated, from what the
 * project's global setup made (pglite-image.ts, postgres-template.ts).
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  if (TEST_DB === 'pglite') {
    // migrate() finds nothing to do (and still catches up should the image lag behind).
    const database = await openDatabase({ image: migratedImage() });
    await database.migrate();
    return database;
  }
  const name = `sitefleet_test_${randomBytes(6).toString('hex')}`;
  await onAdmin((admin) =>
    admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`),
  );
  const url = databaseUrl(name);
  const database = await openDatabase({ url, poolSize: 5 });
  await database.migrate();
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      await onAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  body?: unknown;
  /** Raw body text, sent as JSON content type, for malformed-input tests. */
  rawBody?: string;
  headers?: Record<string, string>;
  /** Leave out the X-Requested-With header. */
  withoutCsrfHeader?: boolean;
}

/** An HTTP client for one person: it keeps its own session cookie, like a browser would. */
export class ApiClient {
  cookie: string | undefined;

  constructor(readonly baseUrl: string) {}

  async request<T = any>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (!options.withoutCsrfHeader) headers['x-requested-with'] = 'XMLHttpRequest';
    if (this.cookie) headers.cookie = this.cookie;
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const response = await fetch(this.baseUrl + path, {
      method,
      headers,
      body,
      redirect: 'manual',
    });
    const setCookie = response.headers
      .getSetCookie()
      .find((c) => c.startsWith('sitefleet_session='));
    if (setCookie) {
      const pair = setCookie.split(';')[0]!;
      this.cookie = pair.endsWith('=') ? undefined : pair;
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: the test reads the text.
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get = <T = any>(path: string, options?: RequestOptions) => this.request<T>('GET', path, options);
  post = <T = any>(path: string, body?: unknown, options?: RequestOptions) =>
    this.request<T>('POST', path, { ...options, body });
  put = <T = any>(path: string, body?: unknown, options?: RequestOptions) =>
    this.request<T>('PUT', path, { ...options, body });
  patch = <T = any>(path: string, body?: unknown, options?: RequestOptions) =>
    this.request<T>('PATCH', path, { ...options, body });
  delete = <T = any>(path: string, body?: unknown, options?: RequestOptions) =>
    this.request<T>('DELETE', path, { ...options, body });

  async login(email: string, password: string, remember = false) {
    const response = await this.post('/login', { email, password, remember });
    if (response.status !== 200) {
      throw new Error(
        `Sign-in as ${email} failed: ${response.status} ${JSON.stringify(response.body)}`,
      );
    }
    return response;
  }
}

/** A script's client: it sends an API token, and no cookie nor cross-site header. */
export class TokenClient extends ApiClient {
  constructor(
    baseUrl: string,
    readonly token: string,
  ) {
    super(baseUrl);
  }

  override request<T = any>(method: string, path: string, options: RequestOptions = {}) {
    return super.request<T>(method, path, {
      ...options,
      withoutCsrfHeader: true,
      headers: { authorization: `Bearer ${this.token}`, ...options.headers },
    });
  }
}

/**
 * Checks a sortable list in both directions of each order key. `ascending` gives, per key, the
 * rows' labels in ascending order; descending is its reverse, ties included, as the id breaks
 * them in the same direction. `path` is the list narrowed (by a search) to the test's rows.
 */
export async function expectSortsBothWays<Row>(
  client: ApiClient,
  path: string,
  label: (row: Row) => string,
  ascending: Record<string, string[]>,
) {
  for (const [key, labels] of Object.entries(ascending)) {
    for (const [direction, expected] of [
      ['asc', labels],
      ['desc', [...labels].reverse()],
    ] as const) {
      const response = await client.get<{ data: Row[] }>(
        `${path}&order_key=${key}&order_dir=${direction}`,
      );
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body.data.map(label), `${key} ${direction}`).toEqual(expected);
    }
  }
}

/** Sets an application setting through the admin API, as the settings screen does (secrets get sealed). */
export async function setSetting(admin: ApiClient, fullPath: string, value: string) {
  const list = await admin.get(`/api/settings?query=${encodeURIComponent(fullPath)}&per_page=100`);
  const setting = list.body.data.find((row: { full_path: string }) => row.full_path === fullPath);
  if (!setting) throw new Error(`No setting ${fullPath}`);
  const response = await admin.put(`/api/settings/${setting.id}`, { value });
  if (response.status !== 200) {
    throw new Error(`Setting ${fullPath} refused: ${JSON.stringify(response.body)}`);
  }
}

export interface TestServer {
  app: App;
  /** What the app and the workers run with: the scheduled tasks' context, but for their log. */
  context: AppContext;
  /** The server's database, with its URL on PostgreSQL. */
  database: Database & { url?: string };
  url: string;
  /** A new client with no session. */
  client(): ApiClient;
  /** A new client signed in as the seeded super admin. */
  admin(): Promise<ApiClient>;
  /** Creates a user with the given roles and answers a client signed in as that user. */
  userWithRoles(roleNames: string[], email?: string): Promise<ApiClient>;
  /** Stops the job workers started in it, so that another process's workers take the jobs. */
  stopWorkers(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Settings that make the job queue quick enough for tests: short retries, fast polling, and a
 * delivery time-out that the receivers that never answer reach in seconds, while a local receiver
 * that does answer stays well within it on a loaded machine.
 */
export const FAST_QUEUE_ENV = {
  JOB_RETRY_LIMIT: '2',
  JOB_RETRY_DELAY_SECONDS: '1',
  QUEUE_POLL_SECONDS: '0.5',
  DELIVERY_TIMEOUT_MS: '3000',
};

/**
 * Polls `check` until it answers something other than undefined/false, or fails after `timeoutMs`
 * with the last value seen: for outcomes of background jobs, never a fixed sleep.
 */
export async function waitFor<T>(
  check: () => Promise<T | undefined | false>,
  { timeoutMs = 20_000, intervalMs = 100, what = 'the condition' } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined | false;
  while (Date.now() < deadline) {
    last = await check();
    if (last !== undefined && last !== false) return last;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(
    `Timed out after ${timeoutMs} ms waiting for ${what}; last: ${JSON.stringify(last)}`,
  );
}

/** The job workers and the outgoing events' relay, as the server starts them beside the API. */
async function startJobWork(context: AppContext, log: App['log']) {
  const stopWorkers = await startWorkers({ ...context, log }, JOB_HANDLERS);
  const stopRelay = await startEventRelay({ ...context, log });
  return async () => {
    await stopRelay();
    await stopWorkers();
  };
}

/**
 * The real server on a random port, on a fresh database with the base seed. With `workers`, the
 * job workers and the outgoing events' relay run in it too (the scheduler never does: tests run its tasks themselves). With
 * `database`, a migrated one of the test's own (which the server closes) instead of a fresh one.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  {
    workers = false,
    database: given,
  }: { workers?: boolean; database?: TestServer['database'] } = {},
): Promise<TestServer> {
  const database = given ?? (await createTestDatabase());
  await seedBase(database.db, TARGET_SETTINGS, ADMIN);
  await seedTaskRows(database.db);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    // The tests' receivers (webhooks, social networks, the AI provider, Google) listen here.
    OUTBOUND_ALLOWED_RANGES: '127.0.0.1',
    ...env,
  });
  const context = await createAppContext(config, database, { error: () => {} });
  const app = await buildApp({ context });
  let stopWorkers = workers ? await startJobWork(context, app.log) : async () => {};
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  let userCount = 0;
  return {
    app,
    context,
    database,
    url,
    client: () => new ApiClient(url),
    async admin() {
      const client = new ApiClient(url);
      await client.login(ADMIN.email, ADMIN.password);
      return client;
    },
    async userWithRoles(roleNames, email) {
      userCount += 1;
      const address =
        email ?? `${roleNames.join('-').replace(/\s+/g, '') || 'norole'}${userCount}@example.com`;
      await createUser(database.db, {
        name: `Test ${address}`,
        email: address,
        password: TEST_PASSWORD,
        roleNames,
      });
      const client = new ApiClient(url);
      await client.login(address, TEST_PASSWORD);
      return client;
    },
    async stopWorkers() {
      await stopWorkers();
      stopWorkers = async () => {};
    },
    async close() {
      // As a process stops (main.ts): what holds connections open (event streams) ends first.
      context.shutdown.begin();
      await context.shutdown.runHooks();
      await stopWorkers();
      await app.close();
      await context.queue.stop();
      await database.close();
      await context.outbound.close();
    },
  };
}
