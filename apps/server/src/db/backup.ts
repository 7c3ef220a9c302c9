import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readSync, rmSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, openDatabase } from './client.ts';
import { type Drift, repairDerivedState } from './integrity.ts';
import { lockDataDir } from './lock.ts';

/**
 * Backups and restores (`npm run cli -- db:backup`, `db:restore`). PostgreSQL's go through its own
 * tools, `pg_dump` and `pg_restore`, in their custom format; the embedded database's are a dump of
 * its data directory (a gzipped tar). Each kind restores into its own kind of database.
 */

/**
 * The tables in the schemas the application owns (its own, the migrations', the job queue's): a
 * database that holds any is not empty, and restoring over it needs --force.
 */
const TABLE_COUNT = `SELECT count(*)::int AS tables FROM information_schema.tables
  WHERE table_schema IN ('public', 'drizzle', 'pgboss')`;

const notEmpty = (where: string) =>
  new Error(
    `${where} is not empty: restoring would replace what it holds. Restore into an empty database, or add --force to replace it.`,
  );

type BackupKind = 'pg_dump' | 'pglite';

function kindOfFile(file: string): BackupKind {
  const fd = openSync(file, 'r');
  const head = Buffer.alloc(5);
  try {
    readSync(fd, head, 0, 5, 0);
  } finally {
    closeSync(fd);
  }
  if (head.toString('latin1') === 'PGDMP') return 'pg_dump';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  throw new Error(`${file} is not a Sitefleet backup (neither a pg_dump nor an embedded dump).`);
}

/** A PostgreSQL URL for the client tools, its password passed apart from the command line. */
function toolConnection(url: string) {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  const env: Record<string, string> = password ? { PGPASSWORD: password } : {};
  return { url: parsed.toString(), env };
}

function runTool(command: string, args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.once('error', (error: NodeJS.ErrnoException) =>
      fail(
        error.code === 'ENOENT'
          ? new Error(
              `${command} is not installed: install PostgreSQL's client tools, of the server's version or newer (on Debian: apt-get install postgresql-client).`,
            )
          : error,
      ),
    );
    child.once('exit', (code) =>
      code === 0 ? done() : fail(new Error(`${command} failed (${code}):\n${errors.trim()}`)),
    );
  });
}

const driverClient = <T>(database: Database) => (database.db as unknown as { $client: T }).$client;

/**
 * Writes a backup of the open database to `file` (through a temporary file, so that a failed
 * backup never leaves a partial one under its name).
 */
export async function backupDatabase(database: Database, file: string): Promise<void> {
  const partial = `${file}.partial`;
  if (database.kind === 'pglite') {
    const dump = await driverClient<PGlite>(database).dumpDataDir('gzip');
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  } else {
    const { url, env } = toolConnection(
      driverClient<pg.Pool>(database).options.connectionString ?? '',
    );
    await runTool('pg_dump', ['--format=custom', `--file=${partial}`, `--dbname=${url}`], env);
  }
  await rename(partial, file);
}

export interface RestoreTarget {
  /** PostgreSQL's URL; without it, the embedded database in `dataDir`. */
  url?: string;
  dataDir: string;
}

/**
 * Restores `file` into the target database, which must be empty unless `force` (then what it
 * holds is dropped first); then applies this build's migrations (the backup may be older) and
 * checks the derived state, as the server's start does, since a restore loads rows behind the
 * triggers' back. Answers the drift it repaired.
 */
export async function restoreDatabase(
  target: RestoreTarget,
  file: string,
  { force = false } = {},
): Promise<Drift[]> {
  const kind = kindOfFile(file);
  if (target.url) {
    if (kind !== 'pg_dump') {
      throw new Error(
        `${file} is a backup of the embedded database: restore it without DATABASE_URL.`,
      );
    }
    await restorePostgres(target.url, file, force);
    return checkedAfterRestore(await openDatabase({ url: target.url, poolSize: 2 }));
  }
  if (kind !== 'pglite') {
    throw new Error(`${file} is a PostgreSQL backup (pg_dump): restore it with DATABASE_URL set.`);
  }
  const dataDir = resolve(target.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const unlock = lockDataDir(dataDir);
  try {
    clearDataDir(dataDir, force);
    const image = new Blob([await readFile(file)]);
    return await checkedAfterRestore(await openDatabase({ dataDir, image }));
  } finally {
    unlock();
  }
}

async function checkedAfterRestore(database: Database): Promise<Drift[]> {
  try {
    await database.migrate();
    return await repairDerivedState(database.db);
  } finally {
    await database.close();
  }
}

async function restorePostgres(url: string, file: string, force: boolean) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ tables: number }>(TABLE_COUNT);
    if ((rows[0]?.tables ?? 0) > 0) {
      if (!force) throw notEmpty('The database');
      await client.query(
        'DROP SCHEMA IF EXISTS pgboss CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA public CASCADE; CREATE SCHEMA public',
      );
    }
  } finally {
    await client.end();
  }
  const tool = toolConnection(url);
  await runTool(
    'pg_restore',
    [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${tool.url}`,
      file,
    ],
    tool.env,
  );
}

/**
 * Empties the embedded database's directory (but for its lock), refusing one that holds a
 * database: the server migrates it at its first start, so any database there holds tables.
 */
function clearDataDir(dataDir: string, force: boolean) {
  if (existsSync(join(dataDir, 'PG_VERSION')) && !force) {
    throw notEmpty(`The database in ${dataDir}`);
  }
  for (const entry of readdirSync(dataDir)) {
    if (entry !== 'sitefleet.lock') rmSync(join(dataDir, entry), { recursive: true, force: true });
  }
}
