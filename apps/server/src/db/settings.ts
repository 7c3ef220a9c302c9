import { inArray, like } from 'drizzle-orm';
import type { SecretBox } from '../lib/secrets.ts';
import type { SettingKey } from '../lib/settings-catalog.ts';
import type { Db } from './client.ts';
import { settings } from './schema.ts';

type SettingRow = { fullPath: string; value: string | null; isSecret: boolean };

const opened = (secrets: SecretBox, rows: SettingRow[]) =>
  Object.fromEntries(
    rows.map((row) => [
      row.fullPath,
      row.isSecret && row.value !== null ? secrets.open(row.value) : row.value,
    ]),
  );

const columns = { fullPath: settings.fullPath, value: settings.value, isSecret: settings.isSecret };

/** The values of these settings, secrets decrypted (server use only); null when not set. */
export async function readSettings<const Key extends SettingKey>(
  db: Db,
  secrets: SecretBox,
  keys: readonly Key[],
): Promise<Record<Key, string | null>> {
  const rows = await db.select(columns).from(settings).where(inArray(settings.fullPath, keys));
  const values = opened(secrets, rows);
  return Object.fromEntries(keys.map((key) => [key, values[key] ?? null])) as Record<
    Key,
    string | null
  >;
}

/**
 * Values of the settings under a prefix (e.g. `social.facebook.`), secrets decrypted: server use
 * only. Keyed by their full dotted name.
 */
export async function settingValues(
  db: Db,
  secrets: SecretBox,
  prefix: string,
): Promise<Record<string, string | null>> {
  const rows = await db
    .select(columns)
    .from(settings)
    .where(like(settings.fullPath, `${prefix}%`));
  return opened(secrets, rows);
}
