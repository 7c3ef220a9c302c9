import type { Db } from '../../db/client.ts';
import { websites } from '../../db/schema.ts';
import { newWebhookSecret } from '../../db/seed.ts';

/** Names of the websites `insertTestWebsites` creates: two active, then an inactive one. */
export const TEST_WEBSITE_NAMES = ['Alpha Site', 'Beta Site', 'Closed Site'] as const;

/** Websites for the content tests; answers their ids in the order of TEST_WEBSITE_NAMES. */
export async function insertTestWebsites(db: Db): Promise<[number, number, number]> {
  const rows = await db
    .insert(websites)
    .values(
      TEST_WEBSITE_NAMES.map((name, i) => ({
        name,
        url: `https://site${i}.example.com`,
        hosting: 'Test',
        cost: 10,
        duration: 12,
        status: name === 'Closed Site' ? 2 : 1,
        webhookSecret: newWebhookSecret(),
      })),
    )
    .returning({ id: websites.id });
  return rows.map((row) => row.id) as [number, number, number];
}
