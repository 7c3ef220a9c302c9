import type { appSettingsAnswerSchema } from '@sitefleet/contract';
import { and, eq, like } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema.ts';

type AppSettingsAnswer = z.output<typeof appSettingsAnswerSchema>;

/**
 * The application settings every signed-in screen reads (app.*), by their dotted name, and
 * single sign-on's options.
 */
export async function fetchAppSettings(
  db: Db,
  sso: AppSettingsAnswer['sso'],
): Promise<AppSettingsAnswer> {
  const rows = await db
    .select({ fullPath: settings.fullPath, value: settings.value })
    .from(settings)
    .where(and(like(settings.fullPath, 'app.%'), eq(settings.isSecret, false)));
  // A key beside an index signature of another type has no literal TypeScript accepts: the
  // answer is built as a record and typed as its schema says.
  return {
    ...Object.fromEntries(rows.map((row) => [row.fullPath, row.value])),
    sso,
  } as unknown as AppSettingsAnswer;
}
