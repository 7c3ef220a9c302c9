import { type GooglePropertyKind, siteHost } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { queryRows, textArray } from '../../db/client.ts';
import type { GoogleApiUrls } from '../../db/google-client.ts';
import { trafficGoogleProperties } from '../../db/schema.ts';
import type { TaskContext } from '../../jobs/scheduler.ts';
import { askGoogle, type GoogleCall } from './google-api.ts';

/**
 * The GA4 properties (Admin API: account summaries, each property's web streams) and the Search
 * Console sites the fleet's Google grant sees, stored with the website each one's host names.
 * What the grant no longer sees is let go (what it imported stays in the roll-ups).
 */

interface FoundProperty {
  kind: GooglePropertyKind;
  id: string;
  name: string;
  host: string | null;
}

/** The host of a URL; null when it is not one. */
export function hostOf(url: string): string | null {
  try {
    return siteHost(new URL(url).hostname) || null;
  } catch {
    return null;
  }
}

/** The pages of a Google list answer, following `nextPageToken`. */
export async function* listPages(call: GoogleCall, url: string) {
  let pageToken = '';
  do {
    const separator = url.includes('?') ? '&' : '?';
    const page = (await askGoogle(
      call,
      `${url}${separator}pageSize=200${pageToken && `&pageToken=${encodeURIComponent(pageToken)}`}`,
    )) as Record<string, unknown> | null;
    yield page ?? {};
    pageToken = typeof page?.nextPageToken === 'string' ? page.nextPageToken : '';
  } while (pageToken);
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const list = (value: unknown) => (Array.isArray(value) ? (value as Record<string, unknown>[]) : []);

/** The host of a property's first web stream. */
async function ga4Host(call: GoogleCall, admin: string, property: string) {
  for await (const page of listPages(call, `${admin}/v1beta/${property}/dataStreams`)) {
    for (const stream of list(page.dataStreams)) {
      const uri = text((stream.webStreamData as Record<string, unknown> | undefined)?.defaultUri);
      const host = uri && hostOf(/^https?:\/\//i.test(uri) ? uri : `https://${uri}`);
      if (host) return host;
    }
  }
  return null;
}

async function ga4Properties(call: GoogleCall, admin: string): Promise<FoundProperty[]> {
  const found: FoundProperty[] = [];
  for await (const page of listPages(call, `${admin}/v1beta/accountSummaries`)) {
    for (const account of list(page.accountSummaries)) {
      for (const summary of list(account.propertySummaries)) {
        const id = text(summary.property);
        if (!/^properties\/\d+$/.test(id)) continue;
        const host = await ga4Host(call, admin, id);
        found.push({ kind: 'ga4', id, name: text(summary.displayName) || id, host });
      }
    }
  }
  return found;
}

/** The sites the grant may read: an unverified user's are listed but answer nothing. */
async function searchConsoleSites(call: GoogleCall, base: string): Promise<FoundProperty[]> {
  const answer = (await askGoogle(call, `${base}/webmasters/v3/sites`)) as Record<string, unknown>;
  return list(answer?.siteEntry).flatMap((entry) => {
    const id = text(entry.siteUrl);
    if (!id || entry.permissionLevel === 'siteUnverifiedUser') return [];
    const host = id.startsWith('sc-domain:') ? siteHost(id.slice('sc-domain:'.length)) : hostOf(id);
    return [{ kind: 'search_console' as const, id, name: id, host }];
  });
}

/**
 * Which website each property's host names: the first website of that host; of several
 * properties of one kind for a website, the first (a Search Console domain property before a URL
 * prefix, which it covers), so that a website imports one of each kind.
 */
function hostWebsites(found: FoundProperty[], websites: { id: number; url: string }[]) {
  const byHost = new Map<string, number>();
  for (const website of websites) {
    const host = hostOf(website.url);
    if (host && !byHost.has(host)) byHost.set(host, website.id);
  }
  const taken = new Set<string>();
  const ordered = [...found].sort(
    (a, b) =>
      Number(b.id.startsWith('sc-domain:')) - Number(a.id.startsWith('sc-domain:')) ||
      a.id.localeCompare(b.id),
  );
  const mapped = new Map<FoundProperty, number | null>();
  for (const property of ordered) {
    const websiteId = property.host ? (byHost.get(property.host) ?? null) : null;
    const key = `${property.kind} ${websiteId}`;
    mapped.set(property, websiteId !== null && !taken.has(key) ? websiteId : null);
    if (websiteId !== null) taken.add(key);
  }
  return mapped;
}

/** Asks Google what the grant sees and stores it; answers how many properties and sites. */
export async function discoverProperties(
  context: TaskContext,
  call: GoogleCall,
  urls: GoogleApiUrls,
): Promise<number> {
  const found = [
    ...(await ga4Properties(call, urls.analyticsAdmin)),
    ...(await searchConsoleSites(call, urls.searchConsole)),
  ];
  const websites = await queryRows<{ id: number; url: string }>(
    context.db,
    sql`SELECT id, url FROM websites ORDER BY id`,
  );
  const mapped = hostWebsites(found, websites);
  await context.db.transaction(async (tx) => {
    await tx.execute(
      sql`DELETE FROM traffic_google_properties
          WHERE kind || ' ' || id <> ALL(${textArray(found.map((one) => `${one.kind} ${one.id}`))})`,
    );
    if (found.length === 0) return;
    await tx
      .insert(trafficGoogleProperties)
      .values(found.map((one) => ({ ...one, hostWebsiteId: mapped.get(one) ?? null })))
      .onConflictDoUpdate({
        target: [trafficGoogleProperties.kind, trafficGoogleProperties.id],
        set: {
          name: sql`excluded.name`,
          host: sql`excluded.host`,
          hostWebsiteId: sql`excluded.host_website_id`,
        },
      });
  });
  return found.length;
}
