import { addMonths, toIsoDate, WEBSITE_STATUS, type WebsiteValues } from '@sitefleet/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { websiteSettings, websites } from '../../db/schema.ts';
import { newWebhookSecret } from '../../lib/secrets.ts';

/** Writing a website's form, as the form and the CSV import both do. */

type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The form's columns; the renewal date as given, or else the created date plus the period. */
const columnsFrom = (values: WebsiteValues, createdAt: Date) => ({
  name: values.name,
  url: values.url,
  hosting: values.hosting,
  cost: values.cost,
  duration: values.duration,
  nextRenewalDate: values.next_renewal_date ?? addMonths(toIsoDate(createdAt), values.duration),
  monitorKeyword: values.monitor_keyword,
});

/** Creates the website with its settings row and webhook secret; answers its id. */
export async function insertWebsite(tx: Transaction, values: WebsiteValues) {
  const createdAt = new Date();
  const [website] = await tx
    .insert(websites)
    .values({
      ...columnsFrom(values, createdAt),
      status: values.status ?? WEBSITE_STATUS.active,
      webhookSecret: newWebhookSecret(),
      createdAt,
    })
    .returning({ id: websites.id });
  // The content pipeline reads every website's settings row, so it exists from the start.
  await tx.insert(websiteSettings).values({ websiteId: website!.id });
  return website!.id;
}

/**
 * Saves the form onto website `id`; answers the form's fields before, or null when there is no
 * such website.
 */
export async function saveWebsite(
  tx: Transaction,
  id: number,
  values: WebsiteValues,
): Promise<WebsiteValues | null> {
  const [current] = await tx
    .select({
      name: websites.name,
      url: websites.url,
      hosting: websites.hosting,
      cost: websites.cost,
      duration: websites.duration,
      status: websites.status,
      monitor_keyword: websites.monitorKeyword,
      next_renewal_date: websites.nextRenewalDate,
      createdAt: websites.createdAt,
    })
    .from(websites)
    .where(eq(websites.id, id))
    .for('update');
  if (!current) return null;
  await tx
    .update(websites)
    .set({
      ...columnsFrom(values, current.createdAt),
      // Left out, the status stays as it is: drizzle leaves undefined values out of the update.
      status: values.status,
      updatedAt: new Date(),
    })
    .where(eq(websites.id, id));
  const { createdAt: _created, ...before } = current;
  return before;
}
