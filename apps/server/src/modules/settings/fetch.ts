import { and, eq, like } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema.ts';
import type { SecretBox } from '../../lib/secrets.ts';

/** The application settings every signed-in screen reads (app.*), by their dotted name. */
export async function fetchAppSettings(db: Db): Promise<Record<string, string | null>> {
  const rows = await db
    .select({ fullPath: settings.fullPath, value: settings.value })
    .from(settings)
    .where(and(like(settings.fullPath, 'app.%'), eq(settings.isSecret, false)));
  return Object.fromEntries(rows.map((row) => [row.fullPath, row.value]));
}

/** Values of the settings under a prefix (e.g. `social.facebook.`), secrets decrypted: server use only. */
export async function settingValues(
  db: Db,
  secrets: SecretBox,
  prefix: string,
): Promise<Record<string, string | null>> {
  const rows = await db
    .select({ fullPath: settings.fullPath, value: settings.value, isSecret: settings.isSecret })
    .from(settings)
    .where(like(settings.fullPath, `${prefix}%`));
  return Object.fromEntries(
    rows.map((row) => [
      row.fullPath,
      row.isSecret && row.value !== null ? secrets.open(row.value) : row.value,
    ]),
  );
}
