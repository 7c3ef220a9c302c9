import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';

const migrationsFolder = fileURLToPath(new URL('../src/db/migrations', import.meta.url));

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite data directory (tar) every server test file starts from. */
    pgliteImage: string;
  }
}

/** Changes whenever a migration does, so a stale image is never used. */
function migrationsHash() {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    if (file.endsWith('.sql') || file.endsWith('.json')) {
      hash.update(file).update(readFileSync(join(migrationsFolder, file)));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Vitest global setup of the PGlite server project: migrates one in-memory database and dumps it,
 * so each test file starts from the dump instead of running every migration again.
 */
export default async function setup(project: TestProject) {
  const path = join(tmpdir(), `sitefleet-pglite-migrated-${migrationsHash()}.tar`);
  if (!existsSync(path)) {
    const database = await openDatabase({});
    await database.migrate();
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const image = await client.dumpDataDir('none');
    writeFileSync(path, Buffer.from(await image.arrayBuffer()));
    await database.close();
  }
  project.provide('pgliteImage', path);
}
