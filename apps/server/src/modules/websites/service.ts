import {
  deliveryHealthLevel,
  isRenewalDue,
  toIsoDate,
  WEBSITE_MESSAGES,
  type Website,
  type WebsiteCreated,
  type WebsiteDeleteImpact,
  type WebsiteDetail,
  type WebsiteListQuery,
  type WebsitesDeleteImpact,
  type WebsiteValues,
  websiteSchema,
} from '@sitefleet/contract';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { changedFields } from '../../content/record-events.ts';
import { recordBulkAction, recordChange, recordSecretRotation } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { hasPostWebhook } from '../../db/delivery-health.ts';
import { assertIdsExist } from '../../db/ids.ts';
import { categoryVariants, postVariants, websites } from '../../db/schema.ts';
import { type Deleter, deleteToTrash } from '../../db/trash.ts';
import { notFound } from '../../errors.ts';
import { emitEvents, type OutgoingEvent, websiteEventData } from '../../events/outgoing.ts';
import { newWebhookSecret } from '../../lib/secrets.ts';
import { columnOrder, listExport } from '../../lists/export.ts';
import { listOrder, pageOf } from '../../lists/page.ts';
import { searchCondition } from '../../lists/search.ts';
import { monitorColumns, monitorFields } from './monitor-fields.ts';
import { insertWebsite, saveWebsite } from './records.ts';

/** The columns a website answer shows: never the webhook secret. */
const websiteColumns = {
  id: websites.id,
  name: websites.name,
  url: websites.url,
  status: websites.status,
  views: websites.views,
  ga4Views: websites.ga4Views,
  hosting: websites.hosting,
  cost: websites.cost,
  duration: websites.duration,
  nextRenewalDate: websites.nextRenewalDate,
  ...monitorColumns,
  createdAt: websites.createdAt,
  updatedAt: websites.updatedAt,
  consecutiveFailures: websites.consecutiveFailures,
  deliveriesPaused: websites.deliveriesPaused,
  hasPostWebhook: sql<boolean>`${hasPostWebhook(sql`${websites.id}`)}`,
};

type WebsiteRow = Pick<
  typeof websites.$inferSelect,
  Exclude<keyof typeof websiteColumns, 'hasPostWebhook'>
> & { hasPostWebhook: boolean };

/** Post and category variant counts of the given websites: two grouped queries, not one a row. */
async function variantCounts(db: Db, websiteIds: number[]) {
  const countBy = async (table: typeof postVariants | typeof categoryVariants) => {
    if (websiteIds.length === 0) return new Map<number, number>();
    const rows = await db
      .select({ websiteId: table.websiteId, total: count() })
      .from(table)
      .where(inArray(table.websiteId, websiteIds))
      .groupBy(table.websiteId);
    return new Map(rows.map((row) => [row.websiteId, row.total]));
  };
  return { posts: await countBy(postVariants), categories: await countBy(categoryVariants) };
}

/** Shapes rows as the answer, with their variant counts and whether the renewal is due. */
async function withCounts(db: Db, rows: WebsiteRow[]): Promise<Website[]> {
  const counts = await variantCounts(
    db,
    rows.map((row) => row.id),
  );
  const today = toIsoDate(new Date());
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    url: row.url,
    status: row.status,
    views: row.views,
    ga4_views: row.ga4Views,
    posts_count: counts.posts.get(row.id) ?? 0,
    categories_count: counts.categories.get(row.id) ?? 0,
    hosting: row.hosting,
    cost: row.cost,
    duration: row.duration,
    next_renewal_date: row.nextRenewalDate,
    renewal_due: isRenewalDue(row.nextRenewalDate, today),
    ...monitorFields(row),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    deliveries_paused: row.deliveriesPaused,
    consecutive_failures: row.consecutiveFailures,
    delivery_health: deliveryHealthLevel({
      has_post_webhook: row.hasPostWebhook,
      paused: row.deliveriesPaused,
      consecutive_failures: row.consecutiveFailures,
    }),
  }));
}

/** The Websites list's order keys and their columns. */
const ORDER_COLUMNS = {
  name: websites.name,
  cost: websites.cost,
  next_renewal_date: websites.nextRenewalDate,
  views: websites.views,
  ga4_views: websites.ga4Views,
  created_at: websites.createdAt,
};

/** The websites a caller may see: all (null), or those of a token limited to some. */
type Scope = readonly number[] | null;
const inScope = (scope: Scope) => (scope ? inArray(websites.id, [...scope]) : undefined);

/**
 * The websites the list finds: searched by name, url or hosting, of the monitor status asked,
 * among those the caller may see.
 */
const listCondition = (request: WebsiteListQuery, scope: Scope) =>
  and(
    searchCondition(request.query, [websites.name, websites.url, websites.hosting]),
    request.monitor_status ? eq(websites.monitorStatus, request.monitor_status) : undefined,
    inScope(scope),
  );

/** GET /api/websites/export: every website the list finds, in its order. */
export function exportWebsites(db: Db, request: WebsiteListQuery, scope: Scope) {
  const where = listCondition(request, scope);
  return listExport<Website>(db, {
    resource: 'websites',
    row: websiteSchema,
    fromWhere: sql`FROM ${websites} WHERE ${where ?? sql`TRUE`}`,
    order: columnOrder(request, ORDER_COLUMNS, websites.id),
    shape: async (ids) =>
      withCounts(
        db,
        await db.select(websiteColumns).from(websites).where(inArray(websites.id, ids)),
      ),
  });
}

/** GET /api/websites: the websites the list finds, in the order asked (newest first by default). */
export async function listWebsites(db: Db, request: WebsiteListQuery, scope: Scope) {
  const where = listCondition(request, scope);
  return pageOf(request, '/api/websites', {
    rows: async (limit, offset) =>
      withCounts(
        db,
        await db
          .select(websiteColumns)
          .from(websites)
          .where(where)
          .orderBy(...listOrder(request, ORDER_COLUMNS, websites.id))
          .limit(limit)
          .offset(offset),
      ),
    count: async () => (await db.select({ total: count() }).from(websites).where(where))[0]!.total,
  });
}

export async function getWebsite(db: Db, id: number): Promise<WebsiteDetail> {
  const rows = await db
    .select({ ...websiteColumns, trackingKey: websites.trackingKey })
    .from(websites)
    .where(eq(websites.id, id));
  const [website] = await withCounts(db, rows);
  if (!website) throw notFound();
  return { ...website, tracking_key: rows[0]!.trackingKey };
}

/** The outgoing `website.{action}` event of each website; an update names the fields it changed. */
function emitWebsiteEvents(
  tx: Db,
  action: 'created' | 'updated' | 'deleted',
  rows: readonly { id: number; name: string; url: string }[],
  changed: readonly string[] = [],
) {
  return emitEvents(
    tx,
    rows.map(
      (row) =>
        ({
          type: `website.${action}`,
          data: {
            ...websiteEventData(row),
            ...(action === 'updated' && { changed: [...changed] }),
          },
        }) as OutgoingEvent,
    ),
  );
}

/**
 * Adds a website with its webhook signing secret, which the answer carries this once: the
 * website's receiver can check the first delivery's signature without a rotation first.
 */
export async function createWebsite(db: Db, values: WebsiteValues): Promise<WebsiteCreated> {
  const website = await db.transaction(async (tx) => {
    const id = await insertWebsite(tx, values);
    // The whole row: its audit entry tells that a webhook secret was made (redacted).
    const [website] = await tx.select().from(websites).where(eq(websites.id, id));
    await recordChange(tx, 'website', website!, null, website!);
    await emitWebsiteEvents(tx, 'created', [website!]);
    return website!;
  });
  return { ...(await getWebsite(db, website.id)), webhook_secret: website.webhookSecret };
}

/** The website, locked for the caller's transaction; a 404 when there is none. */
async function lockedWebsite(tx: Db, id: number) {
  const [row] = await tx
    .select(websiteColumns)
    .from(websites)
    .where(eq(websites.id, id))
    .for('update');
  if (!row) throw notFound();
  return row;
}

export async function updateWebsite(db: Db, id: number, values: WebsiteValues): Promise<Website> {
  await db.transaction(async (tx) => {
    const current = await lockedWebsite(tx, id);
    await saveWebsite(tx, id, values);
    const [updated] = await tx.select(websiteColumns).from(websites).where(eq(websites.id, id));
    await recordChange(tx, 'website', updated!, current, updated!);
    await emitWebsiteEvents(tx, 'updated', [updated!], changedFields(current, updated!));
  });
  return getWebsite(db, id);
}

/** How many category and post variants would go with the website. */
export async function deleteImpact(db: Db, id: number): Promise<WebsiteDeleteImpact> {
  const [website] = await db.select({ id: websites.id }).from(websites).where(eq(websites.id, id));
  if (!website) throw notFound();
  const counts = await variantCounts(db, [id]);
  return {
    category_variants: counts.categories.get(id) ?? 0,
    post_variants: counts.posts.get(id) ?? 0,
  };
}

/**
 * How many category and post variants would go with these websites, each and in total, the
 * websites by name. Any unknown id refuses the call, as the bulk delete would.
 */
export async function bulkDeleteImpact(db: Db, ids: number[]): Promise<WebsitesDeleteImpact> {
  const unique = await assertIdsExist(db, 'websites', ids);
  const named = await db
    .select({ id: websites.id, name: websites.name })
    .from(websites)
    .where(inArray(websites.id, unique))
    .orderBy(websites.name, websites.id);
  const counts = await variantCounts(db, unique);
  const shares = named.map(({ id, name }) => ({
    id,
    name,
    category_variants: counts.categories.get(id) ?? 0,
    post_variants: counts.posts.get(id) ?? 0,
  }));
  const total = (key: 'category_variants' | 'post_variants') =>
    shares.reduce((sum, share) => sum + share[key], 0);
  return {
    category_variants: total('category_variants'),
    post_variants: total('post_variants'),
    websites: shares,
  };
}

/**
 * Moves websites to the trash with their settings and their category and post variants (the
 * categories and posts themselves stay), all or nothing. The variants are deleted explicitly
 * rather than by the foreign keys' cascade so that the answer says exactly how many went.
 */
async function deleteWithVariants(tx: Db, idOrIds: number | number[], deleter: Deleter) {
  const ids = typeof idOrIds === 'number' ? [idOrIds] : idOrIds;
  const impact = { category_variants: 0, post_variants: 0 };
  const deleted = await deleteToTrash(tx, 'websites', idOrIds, deleter, async () => {
    const categoryRows = await tx
      .delete(categoryVariants)
      .where(inArray(categoryVariants.websiteId, ids))
      .returning({ id: categoryVariants.id });
    const postRows = await tx
      .delete(postVariants)
      .where(inArray(postVariants.websiteId, ids))
      .returning({ id: postVariants.id });
    impact.category_variants = categoryRows.length;
    impact.post_variants = postRows.length;
  });
  return { deleted, impact };
}

export async function deleteWebsite(db: Db, deleter: Deleter, id: number) {
  return db.transaction(async (tx) => {
    const website = await lockedWebsite(tx, id);
    await emitWebsiteEvents(tx, 'deleted', [website]);
    const { impact } = await deleteWithVariants(tx, id, deleter);
    await recordChange(tx, 'website', website, website, null, impact);
    return { message: WEBSITE_MESSAGES.deleted(1, impact), ...impact };
  });
}

export async function deleteWebsites(db: Db, deleter: Deleter, ids: number[]) {
  return db.transaction(async (tx) => {
    const unique = await assertIdsExist(tx, 'websites', ids);
    await emitWebsiteEvents(
      tx,
      'deleted',
      await tx.select(websiteColumns).from(websites).where(inArray(websites.id, unique)),
    );
    const { deleted, impact } = await deleteWithVariants(tx, unique, deleter);
    await recordBulkAction(tx, 'website', 'delete', deleted, impact);
    return { message: WEBSITE_MESSAGES.deleted(deleted.length, impact), ...impact };
  });
}

export async function websiteOptions(db: Db, scope: Scope) {
  return db
    .select({ id: websites.id, name: websites.name })
    .from(websites)
    .where(inScope(scope))
    .orderBy(websites.name, websites.id);
}

/** Replaces the webhook signing secret; the answer is the only time it is shown. */
export async function rotateWebhookSecret(db: Db, id: number) {
  const secret = newWebhookSecret();
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(websites)
      .set({ webhookSecret: secret, updatedAt: new Date() })
      .where(eq(websites.id, id))
      .returning({ id: websites.id, name: websites.name });
    if (!updated) throw notFound();
    await recordSecretRotation(tx, 'website', updated, 'webhookSecret');
    return { webhook_secret: secret };
  });
}
