import { hkdfSync, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from './client.ts';
import { appSecrets } from './schema.ts';

const GENERATED_KEY_NAME = 'secrets_key';

/**
 * The key comes from SESSION_SECRET (required in production). Without it — a development
 * machine — a random key is generated once and kept in the database, which every process shares.
 */
export async function loadSecretKey(db: Db, config: Config): Promise<Buffer> {
  if (config.SESSION_SECRET) {
    return Buffer.from(
      hkdfSync('sha256', config.SESSION_SECRET, 'sitefleet', 'secrets at rest', 32),
    );
  }
  await db
    .insert(appSecrets)
    .values({ name: GENERATED_KEY_NAME, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, GENERATED_KEY_NAME));
  return Buffer.from(row!.value, 'base64url');
}
