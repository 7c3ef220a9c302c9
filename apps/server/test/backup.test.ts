import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { backupDatabase, restoreDatabase } from '../src/db/backup.ts';
import { type Database, openDatabase, queryRows } from '../src/db/client.ts';
import { seedDemo } from '../src/db/demo.ts';
import { seedBase } from '../src/db/seed.ts';
import { startQueue } from '../src/jobs/queue.ts';
import { TARGET_SETTINGS } from '../src/pipeline/targets/index.ts';
import { seedTaskRows } from '../src/tasks.ts';
import { ADMIN, createTestDatabase, TEST_DB } from './harness.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Rows per table of every schema the application owns: its tables, migrations and job queue. */
async function rowCounts(database: Database): Promise<Record<string, number>> {
  const tables = await queryRows<{ name: string }>(
    database.db,
    sql`SELECT format('%I.%I', table_schema, table_name) AS name FROM information_schema.tables
        WHERE table_type = 'BASE TABLE' AND table_schema IN ('public', 'drizzle', 'pgboss')
        ORDER BY 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ count: number }>(
      database.db,
      sql.raw(`SELECT count(*)::int AS count FROM ${name}`),
    );
    counts[name] = row!.count;
  }
  return counts;
}

/** An empty PostgreSQL database (no schema of Sitefleet's at all), dropped after the file. */
async function emptyPostgresDatabase(): Promise<string> {
  const name = `sitefleet_restore_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  afterAll(async () => {
    const cleanup = new pg.Client({ connectionString: ADMIN_URL });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  });
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

const workDir = mkdtempSync(join(tmpdir(), 'sitefleet-backup-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** The demo database, as a first start makes it, with the job queue's schema. */
const source = await createTestDatabase();
afterAll(() => source.close());
await seedBase(source.db, TARGET_SETTINGS, ADMIN);
await seedTaskRows(source.db);
await seedDemo(source.db);
await (await startQueue(source, { error: () => {} })).stop();

const file = join(workDir, 'demo.backup');
const target =
  TEST_DB === 'postgres'
    ? { url: await emptyPostgresDatabase(), dataDir: '' }
    : { dataDir: join(workDir, 'restored') };
const openTarget = () =>
  target.url ? openDatabase({ url: target.url, poolSize: 2 }) : openDatabase(target);

describe(`backup and restore (${TEST_DB})`, () => {
  it('restores a backup of the demo database into an empty one with the same rows per table', async () => {
    const before = await rowCounts(source);
    expect(before['public.websites']).toBeGreaterThan(0);
    expect(before['public.posts']).toBeGreaterThan(0);
    await backupDatabase(source, file);

    const repaired = await restoreDatabase(target, file);
    expect(repaired).toEqual([]);
    const restored = await openTarget();
    try {
      expect(await rowCounts(restored)).toEqual(before);
    } finally {
      await restored.close();
    }
  }, 120_000);

  it('refuses to restore over a database that is not empty, unless forced', async () => {
    await expect(restoreDatabase(target, file)).rejects.toThrow(/is not empty.*--force/);
    await expect(restoreDatabase(target, file, { force: true })).resolves.toEqual([]);
  }, 120_000);

  it("refuses the other database's kind of backup with a clear message", async () => {
    const other =
      TEST_DB === 'postgres'
        ? { dataDir: join(workDir, 'other') }
        : { ...target, url: 'postgres://127.0.0.1/none' };
    await expect(restoreDatabase(other, file)).rejects.toThrow(
      TEST_DB === 'postgres'
        ? /PostgreSQL backup.*DATABASE_URL/
        : /embedded database.*without DATABASE_URL/,
    );
  });
});
