import { and, eq, like } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema.ts';

/** The application settings every signed-in screen reads (app.*), by their dotted name. */
export async function fetchAppSettings(db: Db): Promise<Record<string, string | null>> {
  const rows = await db
    .select({ fullPath: settings.fullPath, value: settings.value })
    .from(settings)
    .where(and(like(settings.fullPath, 'app.%'), eq(settings.isSecret, false)));
  return Object.fromEntries(rows.map((row) => [row.fullPath, row.value]));
}
