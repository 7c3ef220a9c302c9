import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const migrationsFolder = fileURLToPath(new URL('../src/db/migrations', import.meta.url));

/**
 * Names the migrated starting point of the server suites' databases: it changes whenever a
 * migration does, so a stale image or template is never used.
 */
export function migrationsHash() {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    if (file.endsWith('.sql') || file.endsWith('.json')) {
      hash.update(file).update(readFileSync(join(migrationsFolder, file)));
    }
  }
  return hash.digest('hex').slice(0, 16);
}
