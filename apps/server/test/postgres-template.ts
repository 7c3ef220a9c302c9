import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { startQueue } from '../src/jobs/queue.ts';
import { migrationsHash } from './migrations-hash.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PostgreSQL database every server test file's database is copied from. */
    postgresTemplate: string;
  }
}

export const ADMIN_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function databaseUrl(name: string) {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs statements on the server's administrative connection. */
export async function onAdmin<T>(use: (client: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    return await use(admin);
  } finally {
    await admin.end();
  }
}

/**
 * Vitest global setup of the PostgreSQL server project: one migrated database, with the job
 * queue's schema, made once for the current migrations. Each test file's database is a copy of
 * it (`CREATE DATABASE … TEMPLATE`), a file copy instead of every migration run again.
 */
export default async function setup(project: TestProject) {
  const template = `sitefleet_template_${migrationsHash()}`;
  const exists = await onAdmin(
    async (admin) =>
      (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template])).rowCount,
  );
  if (!exists) {
    // Made under a name of its own and renamed once complete: a run starting meanwhile makes its
    // own, and whichever renames second drops its copy.
    const partial = `sitefleet_template_partial_${randomBytes(6).toString('hex')}`;
    await onAdmin((admin) => admin.query(`CREATE DATABASE ${partial}`));
    const database = await openDatabase({ url: databaseUrl(partial), poolSize: 2 });
    await database.migrate();
    await (await startQueue(database, console)).stop();
    await database.close();
    await onAdmin(async (admin) => {
      // A copy needs the template without connections: the queue's pool may still be closing.
      await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1',
        [partial],
      );
      try {
        await admin.query(`ALTER DATABASE ${partial} RENAME TO ${template}`);
      } catch {
        await admin.query(`DROP DATABASE IF EXISTS ${partial} WITH (FORCE)`);
      }
    });
  }
  project.provide('postgresTemplate', template);
}
