import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { loadSecretKey } from './db/secret-key.ts';
import { allowOutboundRanges, parseAllowedRanges } from './lib/outbound.ts';
import { createSecretBox, type SecretBox } from './lib/secrets.ts';

/** What every module receives when it is registered. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  /** Encrypts and decrypts secrets stored in the database. */
  secrets: SecretBox;
}

/** The context of a process (server or worker) on an open, migrated database. */
export async function createAppContext(config: Config, database: Database): Promise<AppContext> {
  allowOutboundRanges(parseAllowedRanges(config.OUTBOUND_ALLOWED_RANGES));
  const secrets = createSecretBox(await loadSecretKey(database.db, config));
  return { config, database, db: database.db, secrets };
}
