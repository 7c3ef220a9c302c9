import { rmSync } from 'node:fs';
import { connect } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it, onTestFinished } from 'vitest';
import { type Database, openDatabase, queryRows } from '../src/db/client.ts';
import { holdDeliveries, startFakeHttp } from './fake-http.ts';
import { contentFixture, secondAdmin, websiteInput } from './fixtures.ts';
import { ADMIN, ApiClient, createTestDatabase, TEST_DB, waitFor } from './harness.ts';
import { processDataDir, startProcess } from './processes.ts';

const IN_FLIGHT = 50;

interface RawAnswer {
  status: number;
  headers: string;
  body: any;
}

/** The HTTP/1.1 answers one connection received, in order (each with its Content-Length). */
function parseAnswers(raw: Buffer): RawAnswer[] {
  const answers: RawAnswer[] = [];
  let rest = raw;
  while (rest.length > 0) {
    const headEnd = rest.indexOf('\r\n\r\n');
    const head = rest.subarray(0, headEnd).toString('latin1');
    const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
    const body = rest.subarray(headEnd + 4, headEnd + 4 + length).toString('utf8');
    answers.push({ status: Number(head.split(' ')[1]), headers: head, body: JSON.parse(body) });
    rest = rest.subarray(headEnd + 4 + length);
  }
  return answers;
}

/**
 * A POST the server has begun to receive: its headers and half its body are sent now, the rest
 * (and any request pipelined behind it) by `finish`. `answers` resolves once the server has
 * closed the connection.
 */
function beginPost(port: number, path: string, cookie: string, json: unknown) {
  const body = Buffer.from(JSON.stringify(json));
  const half = Math.floor(body.length / 2);
  const socket = connect(port, '127.0.0.1');
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${body.length}\r\nCookie: ${cookie}\r\nX-Requested-With: XMLHttpRequest\r\n\r\n`,
  );
  socket.write(body.subarray(0, half));
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  const answers = new Promise<RawAnswer[]>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('close', () => resolve(parseAnswers(Buffer.concat(chunks))));
  });
  return {
    finish(pipelined = '') {
      socket.write(Buffer.concat([body.subarray(half), Buffer.from(pipelined)]));
    },
    answers,
  };
}

const workDir = processDataDir('stop');
afterAll(() => rmSync(workDir, { recursive: true, force: true }));
const website = await startFakeHttp();
afterAll(() => website.close());
// On PostgreSQL the test reads the database the server ran on; the embedded one it opens after.
const postgres = TEST_DB === 'postgres' ? await createTestDatabase() : undefined;
afterAll(() => postgres?.close());

it(`answers ${IN_FLIGHT} requests in flight and finishes a running delivery after SIGTERM, readiness 503 at once, exit 0 (${TEST_DB})`, async () => {
  const pushes = holdDeliveries(website);
  const server = startProcess('main', {
    ...(postgres ? { DATABASE_URL: postgres.url! } : { DATA_DIR: workDir, DATABASE_URL: '' }),
    PORT: '0',
    NODE_ENV: 'test',
    WEB_DIST_DIR: '/nonexistent',
    QUEUE_POLL_SECONDS: '0.5',
    DELIVERY_TIMEOUT_MS: '120000',
    // Nothing is cut short on a loaded machine: the test shows a stop that waits for its work.
    SHUTDOWN_TIMEOUT_SECONDS: '120',
  });
  onTestFinished(() => server.killHard());
  const [, url] = (await server.printed(/running at (http:\/\/\S+)/, 240_000)) as string[];
  const admin = new ApiClient(url!);
  await admin.login(ADMIN.email, ADMIN.password);
  const checker = await secondAdmin(admin);

  const { post } = await contentFixture(admin, { postWebhookUrl: `${website.url}/hooks/posts` });
  const action = await checker.post('/api/posts/action', {
    ids: String(post.id),
    action: 'publish_web',
  });
  expect(action.body).toMatchObject({ queued: 1 });
  await waitFor(async () => website.requests.length === 1, { what: 'the delivery in flight' });

  const received = () =>
    server.output().match(/"method":"POST","url":"\/api\/websites"/g)?.length ?? 0;
  const receivedBefore = received();
  const port = Number(new URL(url!).port);
  const names = Array.from({ length: IN_FLIGHT }, (_, index) => `Stop test site ${index}`);
  const posts = names.map((name) =>
    beginPost(port, '/api/websites', admin.cookie!, websiteInput({ name })),
  );
  await waitFor(async () => received() === receivedBefore + IN_FLIGHT, {
    timeoutMs: 60_000,
    what: `the server to have received ${IN_FLIGHT} requests`,
  });

  server.child.kill('SIGTERM');
  await server.printed(/SIGTERM received/);
  const [first, ...others] = posts;
  // A request that reaches the stopping process (here, pipelined on a connection it serves).
  first!.finish(`GET /readyz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
  for (const other of others) other.finish();
  const answers = await Promise.all(posts.map((request) => request.answers));

  expect(answers.map((answer) => answer[0]?.status)).toEqual(names.map(() => 201));
  expect(answers.map((answer) => answer[0]?.body.name)).toEqual(names);
  expect(answers[0]![1]).toMatchObject({
    status: 503,
    body: { status: 'unavailable', checks: { process: 'stopping' } },
  });
  // The delivery still running is taken now; the process exits once its worker has finished.
  expect(pushes.answerHeld()).toBe(1);
  expect(await server.exited).toBe(0);
  expect(server.output()).toMatch(/"msg":"Stopped."/);

  const database: Database = postgres ?? (await openDatabase({ dataDir: workDir }));
  try {
    const saved = await queryRows<{ name: string }>(
      database.db,
      sql`SELECT name FROM websites WHERE name LIKE 'Stop test site %' ORDER BY id`,
    );
    expect(saved.map((row) => row.name).sort()).toEqual([...names].sort());
    const attempts = await queryRows<{ outcome: string; key: string }>(
      database.db,
      sql`SELECT outcome, format('%s-%s-v%s', kind, variant_id, version) AS key
          FROM delivery_attempts`,
    );
    expect(attempts).toEqual([{ outcome: 'delivered', key: expect.any(String) }]);
    expect([...pushes.succeeded.entries()]).toEqual([[attempts[0]!.key, 1]]);
  } finally {
    if (!postgres) await database.close();
  }
}, 420_000);
