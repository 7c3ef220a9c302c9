import type { WebsiteSettings, WebsiteSettingsValues } from '@sitefleet/contract';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { websiteSettings, websites } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { fieldChanges } from '../../lib/audit-diff.ts';
import { changeWorkflow } from './workflow.ts';

/**
 * A website's settings (Advance Settings): SEO, prompts, generation, webhooks, posting slots,
 * workflow; read and saved field by field.
 */

/** The API's field name of each setting (the original product's names) → its column. */
const SETTINGS_COLUMNS = {
  googleAdsense: 'googleAdsense',
  googleAnalytics: 'googleAnalytics',
  seoDescription: 'seoDescription',
  seoTitle: 'seoTitle',
  seoKeywords: 'seoKeywords',
  seoMeta: 'seoMeta',
  reference_sites: 'referenceSites',
  categoryPrompt: 'categoryPrompt',
  postPrompt: 'postPrompt',
  categoryRefresh: 'categoryRefresh',
  categories_limit: 'categoriesLimit',
  postRefresh: 'postRefresh',
  postsLimit: 'postsLimit',
  browserRefresh: 'browserRefresh',
  category_webhook_url: 'categoryWebhookUrl',
  post_webhook_url: 'postWebhookUrl',
  posting_days: 'postingDays',
  posting_times: 'postingTimes',
  posting_timezone: 'postingTimezone',
  blocked_dates: 'blockedDates',
  ga4_property_id: 'ga4PropertyId',
  search_console_site: 'searchConsoleSite',
} as const satisfies Record<
  Exclude<keyof WebsiteSettingsValues, 'workflow_id'>,
  keyof typeof websiteSettings.$inferInsert
>;

type SettingField = keyof typeof SETTINGS_COLUMNS;
const SETTING_FIELDS = Object.keys(SETTINGS_COLUMNS) as SettingField[];

/** Enough of the secret to tell which one a site holds, and not enough to sign with it. */
const secretHint = (secret: string) => `••••${secret.slice(-4)}`;

export async function getSettings(db: Db, id: number): Promise<WebsiteSettings> {
  const [row] = await db
    .select({
      secret: websites.webhookSecret,
      workflowId: websites.workflowId,
      trackingKey: websites.trackingKey,
      settings: websiteSettings,
    })
    .from(websites)
    .leftJoin(websiteSettings, eq(websiteSettings.websiteId, websites.id))
    .where(eq(websites.id, id));
  if (!row) throw notFound();
  const settings = Object.fromEntries(
    SETTING_FIELDS.map((field) => [field, row.settings?.[SETTINGS_COLUMNS[field]] ?? null]),
  );
  return {
    website_id: id,
    ...settings,
    // A website whose settings were never saved generates nothing.
    categories_limit: row.settings?.categoriesLimit ?? 0,
    postsLimit: row.settings?.postsLimit ?? 0,
    posting_days: row.settings?.postingDays ?? [],
    posting_times: row.settings?.postingTimes ?? [],
    posting_timezone: row.settings?.postingTimezone ?? 'UTC',
    blocked_dates: row.settings?.blockedDates ?? [],
    webhook_secret_hint: secretHint(row.secret),
    workflow_id: row.workflowId,
    tracking_key: row.trackingKey,
  } as WebsiteSettings;
}

/** Saves the settings given; the ones left out keep their values. */
export async function updateSettings(
  db: Db,
  id: number,
  values: WebsiteSettingsValues,
): Promise<WebsiteSettings> {
  const changes = Object.fromEntries(
    SETTING_FIELDS.filter((field) => values[field] !== undefined).map((field) => [
      SETTINGS_COLUMNS[field],
      values[field],
    ]),
  );
  await db.transaction(async (tx) => {
    // Locks the website so that it cannot be deleted between the check and the write.
    const [website] = await tx
      .select({ id: websites.id, name: websites.name })
      .from(websites)
      .where(eq(websites.id, id))
      .for('update');
    if (!website) throw notFound();
    const [before] = await tx
      .select()
      .from(websiteSettings)
      .where(eq(websiteSettings.websiteId, id));
    const workflowChange = await changeWorkflow(tx, id, values.workflow_id);
    await recordAudit(tx, {
      action: 'settings_changed',
      subjectType: 'website',
      subjectId: id,
      subjectName: website.name,
      changes: { ...fieldChanges(before ?? {}, { ...before, ...changes }), ...workflowChange },
    });
    await tx
      .insert(websiteSettings)
      .values({ websiteId: id, ...changes })
      .onConflictDoUpdate({
        target: websiteSettings.websiteId,
        set: { ...changes, updatedAt: new Date() },
      });
  });
  return getSettings(db, id);
}
