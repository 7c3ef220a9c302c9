import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { SecretBox } from './lib/secrets.ts';

/** What every module receives when it is registered. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  /** Encrypts and decrypts secrets stored in the database. */
  secrets: SecretBox;
}
