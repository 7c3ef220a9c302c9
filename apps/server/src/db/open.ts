import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Config } from '../config.ts';
import { type Database, openDatabase } from './client.ts';
import { lockDataDir } from './lock.ts';

/**
 * Opens the configured database: PostgreSQL when DATABASE_URL is set (with its read replica when
 * DATABASE_REPLICA_URL is), otherwise PGlite in DATA_DIR, locked against a second process.
 * Closing releases the lock.
 */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  if (config.DATABASE_URL) {
    return openDatabase({ url: config.DATABASE_URL, replicaUrl: config.DATABASE_REPLICA_URL });
  }
  const dataDir = resolve(config.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const unlock = lockDataDir(dataDir);
  try {
    const database = await openDatabase({ dataDir });
    return {
      ...database,
      close: async () => {
        await database.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}
