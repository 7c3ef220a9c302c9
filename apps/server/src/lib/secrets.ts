import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { appSecrets } from '../db/schema.ts';

/** Encrypts secrets at rest (social tokens, API keys, Google tokens) with AES-256-GCM. */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

const VERSION = 'v1';
const GENERATED_KEY_NAME = 'secrets_key';

export function createSecretBox(key: Buffer): SecretBox {
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), data]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join(':');
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split(':');
      if (version !== VERSION || !iv || !tag || data === undefined) {
        throw new Error('The stored secret is not in a known format.');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(data, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}

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
