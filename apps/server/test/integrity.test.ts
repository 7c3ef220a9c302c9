import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type Database, type Db, openDatabase, queryRows } from '../src/db/client.ts';
import { checkDerivedState } from '../src/db/integrity.ts';
import { seedBase } from '../src/db/seed.ts';
import { TARGET_SETTINGS } from '../src/pipeline/targets/index.ts';
import { behindTriggers, runDerivedStateTask, withTriggerDisabled } from './derived-state.ts';
import {
  ADMIN,
  ApiClient,
  createTestDatabase,
  migratedImage,
  startTestServer,
  TEST_DB,
  type TestServer,
  waitFor,
} from './harness.ts';
import { type RunningProcess, startProcess } from './processes.ts';

/**
 * Posts 1–1500 arrive through the triggers; 1501–2600 in replica mode, which silences them; posts
 * 10–19 are deleted with the delete trigger disabled. The kept ranges then count 1,500 posts
 * where 2,590 are.
 */
const POSTS_TOTAL = 2590;

async function insertPosts(db: Db, from: number, to: number) {
  await db.execute(sql`
    INSERT INTO posts (id, title, description, category_id)
    SELECT g, 'Post ' || g, 'Body', (SELECT min(id) FROM categories)
    FROM generate_series(${from}::int, ${to}::int) g`);
}

const loadBehindTriggers = (db: Db, from: number, to: number) =>
  behindTriggers(db, (tx) => insertPosts(tx, from, to));

async function loadPostsBehindTriggers(db: Db) {
  await db.execute(sql`INSERT INTO categories (name, slug, description, keywords)
                       VALUES ('Loaded', 'loaded', 'Loaded posts', 'loaded')`);
  await insertPosts(db, 1, 1500);
  await loadBehindTriggers(db, 1501, 2600);
  await withTriggerDisabled(
    db,
    'posts',
    'posts_deleted_ranges',
    sql`DELETE FROM posts WHERE id BETWEEN 10 AND 19`,
  );
}

const ids = (body: { data: { id: number }[] }) => body.data.map((post) => post.id);

/** The first page, the last one (it crosses the deleted ids) and their totals. */
async function expectRightPages(admin: ApiClient) {
  const first = await admin.get('/api/posts?page=1&per_page=20');
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  expect(first.body.total).toBe(POSTS_TOTAL);
  expect(ids(first.body)).toEqual(Array.from({ length: 20 }, (_, i) => 2600 - i));
  const last = await admin.get('/api/posts?page=130&per_page=20');
  expect(last.body).toMatchObject({ total: POSTS_TOTAL, last_page: 130 });
  expect(ids(last.body)).toEqual([20, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
}

async function keptAndActual(db: Db) {
  const [row] = await queryRows<{ kept: number; actual: number }>(
    db,
    sql`SELECT (SELECT COALESCE(sum(posts), 0)::int FROM post_ranges) AS kept,
               (SELECT count(*)::int FROM posts) AS actual`,
  );
  return row!;
}

describe('the kept counts of the posts list', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('is repaired by the scheduled check, and the list then pages right', async () => {
    server = await startTestServer();
    const { db } = server.database;
    await loadPostsBehindTriggers(db);
    const admin = await server.admin();
    const wrong = await admin.get('/api/posts?page=1&per_page=20');
    expect(wrong.body.total).toBe(1500);

    expect(await runDerivedStateTask(server)).toEqual([
      'Repaired derived state: post_ranges: 3 row(s) differed (kept 1500, actual 2590)',
    ]);
    await expectRightPages(admin);
    expect(await keptAndActual(db)).toEqual({ kept: POSTS_TOTAL, actual: POSTS_TOTAL });
  });

  it('pages every post newest first across blocks of ranges, and repairs a block that drifted', async () => {
    server = await startTestServer();
    const { db } = server.database;
    await db.execute(sql`INSERT INTO categories (name, slug, description, keywords)
                         VALUES ('Blocks', 'blocks', 'Posts in three blocks', 'blocks')`);
    // Three blocks of 100,000 ids, a range of the middle one partly deleted.
    await insertPosts(db, 99_981, 100_030);
    await insertPosts(db, 199_991, 200_010);
    await insertPosts(db, 250_001, 250_005);
    await db.execute(sql`DELETE FROM posts WHERE id BETWEEN 100001 AND 100010`);
    expect(await checkDerivedState(db)).toEqual([]);

    const all = (
      await queryRows<{ id: number }>(db, sql`SELECT id FROM posts ORDER BY id DESC`)
    ).map((row) => row.id);
    expect(all).toHaveLength(65);
    const admin = await server.admin();
    for (let page = 1; page <= 10; page += 1) {
      const answer = await admin.get(`/api/posts?page=${page}&per_page=7`);
      expect(answer.body.total, `page ${page}`).toBe(65);
      expect(ids(answer.body), `page ${page}`).toEqual(all.slice((page - 1) * 7, page * 7));
    }

    await db.execute(
      sql`UPDATE post_range_blocks SET posts = posts + 3 WHERE block_start = 100000`,
    );
    expect(await checkDerivedState(db)).toEqual([
      { name: 'post_range_blocks', wrongRows: 1, kept: 33, actual: 30 },
    ]);
    expect(await runDerivedStateTask(server)).toEqual([
      'Repaired derived state: post_range_blocks: 1 row(s) differed (kept 33, actual 30)',
    ]);
    expect(await checkDerivedState(db)).toEqual([]);
    expect((await admin.get('/api/posts?page=1&per_page=7')).body.total).toBe(65);
  });
});

describe('start-up and db:check', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sitefleet-integrity-'));
  let database: (Database & { url?: string }) | undefined;
  let server: RunningProcess | undefined;
  afterAll(async () => {
    await server?.stop();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /**
   * PGlite in a data directory the processes can open (closed meanwhile), the first time from the
   * migrated image, or PostgreSQL.
   */
  let imaged = false;
  const openShared = async (): Promise<Database> => {
    if (TEST_DB === 'pglite') {
      const image = imaged ? undefined : migratedImage();
      imaged = true;
      return openDatabase({ dataDir, image });
    }
    database ??= await createTestDatabase();
    return database;
  };
  const release = async (opened: Database) => {
    if (TEST_DB === 'pglite') await opened.close();
  };
  const env = () => ({
    NODE_ENV: 'test',
    WEB_DIST_DIR: '/nonexistent',
    RUN_WORKERS: 'false',
    ...(TEST_DB === 'pglite'
      ? { DATA_DIR: dataDir, DATABASE_URL: '' }
      : { DATABASE_URL: database!.url! }),
  });
  const cli = async (...args: string[]) => {
    const run = startProcess('cli', env(), ['db:check', ...args]);
    const code = await run.exited;
    return { code, output: run.output() };
  };

  it('repairs at start-up what was loaded behind the triggers, then on demand', async () => {
    let opened = await openShared();
    await opened.migrate();
    await seedBase(opened.db, TARGET_SETTINGS, ADMIN);
    await loadPostsBehindTriggers(opened.db);
    await release(opened);

    server = startProcess('main', { ...env(), PORT: '0', LOG_LEVEL: 'info' });
    const [, url] = (await server.printed(/running at (http:\/\/\S+)/, 120_000)) as string[];
    const admin = new ApiClient(url!);
    // Ready once the check has repaired what it found.
    await waitFor(async () => (await admin.get('/readyz')).status === 200, {
      what: 'the server to be ready',
    });
    expect(server.output()).toContain(
      'Repaired derived state: post_ranges: 3 row(s) differed (kept 1500, actual 2590)',
    );
    await admin.login(ADMIN.email, ADMIN.password);
    await expectRightPages(admin);
    await server.stop();
    server = undefined;

    opened = await openShared();
    await loadBehindTriggers(opened.db, 2601, 2700);
    await release(opened);

    const dryRun = await cli('--dry-run');
    expect(dryRun).toEqual({
      code: 0,
      output: expect.stringContaining(
        'not repaired, --dry-run):\n  post_ranges: 1 row(s) differed (kept 601, actual 701)',
      ),
    });
    const repair = await cli();
    expect(repair).toEqual({
      code: 0,
      output: expect.stringContaining(
        'Repaired derived state:\n  post_ranges: 1 row(s) differed (kept 601, actual 701)',
      ),
    });
    const again = await cli();
    expect(again.output).toContain('Derived state is consistent: nothing to repair.');

    opened = await openShared();
    expect(await keptAndActual(opened.db)).toEqual({ kept: 2690, actual: 2690 });
    await release(opened);
  }, 240_000);
});
