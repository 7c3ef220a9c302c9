import { createHash, randomBytes } from 'node:crypto';
import {
  type CollectDropReason,
  collectBodySchema,
  type DeviceClass,
  pagePath,
  siteHost,
  TRACKING_KEY_PATTERN,
} from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { isbot } from 'isbot';
import { type Db, queryRows } from '../../db/client.ts';
import type { PageView } from './rollup.ts';

/**
 * What `/api/collect` makes of a beacon's request: a page view to write, or the reason it is
 * dropped (still answered 202, so that a page learns nothing from the answer).
 */

const hostOf = (url: string) => {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed : undefined;
  } catch {
    return undefined;
  }
};

interface TrackedWebsite {
  id: number;
  host: string;
}

/** How long the tracking keys are read again after: a rotated key stops counting within it. */
const KEYS_TTL_MS = 10_000;
/**
 * Keys asked for and not found, kept until the next whole read: a wrong key costs one query, and
 * a flood of them at most this many queries per read (past it, an unknown key waits for the next).
 */
const UNKNOWN_KEPT = 10_000;

const trackedOf = (row: { id: number; url: string }): TrackedWebsite | undefined => {
  const url = hostOf(row.url);
  return url ? { id: row.id, host: siteHost(url.hostname) } : undefined;
};

/**
 * The websites by tracking key, read whole and kept a few seconds: one query for many views. A
 * key not among them (a website made since, here or in another process) is looked up alone, so
 * that a new website's first views count; one found nowhere is remembered until the next whole
 * read (a random key does not come to exist, and a restored website's returns within it).
 */
export function trackingKeys(db: Db) {
  let keys = new Map<string, TrackedWebsite>();
  let unknown = new Set<string>();
  let readAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<void> | undefined;
  const read = () => {
    reading ??= (async () => {
      try {
        const rows = await queryRows<{ id: number; url: string; tracking_key: string }>(
          db,
          sql`SELECT id, url, tracking_key FROM websites`,
        );
        keys = new Map(
          rows.flatMap((row) => {
            const tracked = trackedOf(row);
            return tracked ? [[row.tracking_key, tracked] as const] : [];
          }),
        );
        unknown = new Set();
        readAt = Date.now();
      } finally {
        reading = undefined;
      }
    })();
    return reading;
  };
  const readOne = async (key: string) => {
    const [row] = await queryRows<{ id: number; url: string }>(
      db,
      sql`SELECT id, url FROM websites WHERE tracking_key = ${key}`,
    );
    const tracked = row && trackedOf(row);
    if (tracked) keys.set(key, tracked);
    else unknown.add(key);
    return tracked;
  };
  return {
    async lookup(key: string): Promise<TrackedWebsite | undefined> {
      if (Date.now() - readAt > KEYS_TTL_MS) await read();
      const found = keys.get(key);
      if (found || unknown.has(key) || unknown.size >= UNKNOWN_KEPT) return found;
      // What no website can hold (a NUL, another length) is never asked for.
      return TRACKING_KEY_PATTERN.test(key) ? readOne(key) : undefined;
    },
    /** Reads the keys again at the next view (a key rotated in this process). */
    forget() {
      readAt = Number.NEGATIVE_INFINITY;
    },
  };
}
export type TrackingKeys = ReturnType<typeof trackingKeys>;

/**
 * The day's salt of the visitor hash, made by the first process to need it and shared through
 * the database; the days before are deleted with it, so no hash can be made again afterwards.
 */
export function dailySalts(db: Db) {
  const salts = new Map<string, Promise<Buffer>>();
  const load = async (day: string) => {
    await db.execute(sql`DELETE FROM traffic_salts WHERE day < ${day}`);
    await db.execute(
      sql`INSERT INTO traffic_salts (day, salt) VALUES (${day}, ${randomBytes(16)})
          ON CONFLICT (day) DO NOTHING`,
    );
    const [row] = await queryRows<{ salt: Buffer | Uint8Array }>(
      db,
      sql`SELECT salt FROM traffic_salts WHERE day = ${day}`,
    );
    return Buffer.from(row!.salt);
  };
  return (day: string): Promise<Buffer> => {
    let salt = salts.get(day);
    if (!salt) {
      salt = load(day);
      salt.catch(() => salts.delete(day));
      for (const kept of salts.keys()) if (kept < day) salts.delete(kept);
      salts.set(day, salt);
    }
    return salt;
  };
}
export type DailySalts = ReturnType<typeof dailySalts>;

/** A device class from a user agent: tablets first, since theirs often say "Android" too. */
export function deviceOf(userAgent: string): DeviceClass {
  if (/iPad|Tablet|Android(?!.*Mobile)|Kindle|Silk/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone/i.test(userAgent)) return 'mobile';
  return 'desktop';
}

export interface CollectRequest {
  /** The body's text; `null` when it was over COLLECT_MAX_BYTES (and was not kept). */
  body: string | null;
  ip: string;
  userAgent: string;
  doNotTrack: boolean;
  at: Date;
}

export type Collected = { view: PageView } | { dropped: CollectDropReason };

/** Paths longer than this are cut: a page's path, not a store for whatever a URL carries. */
const MAX_PATH = 512;

/** Reads a beacon's request into a page view, or says why it is dropped. */
export async function collectPageView(
  request: CollectRequest,
  keys: TrackingKeys,
  salts: DailySalts,
): Promise<Collected> {
  if (request.body === null) return { dropped: 'size' };
  if (request.doNotTrack) return { dropped: 'dnt' };
  if (!request.userAgent || isbot(request.userAgent)) return { dropped: 'bot' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(request.body);
  } catch {
    return { dropped: 'invalid' };
  }
  const body = collectBodySchema.safeParse(parsed);
  if (!body.success) return { dropped: 'invalid' };
  const website = await keys.lookup(body.data.k);
  if (!website) return { dropped: 'key' };
  const page = hostOf(body.data.u);
  if (!page || siteHost(page.hostname) !== website.host) return { dropped: 'host' };
  const referrer = body.data.r ? hostOf(body.data.r) : undefined;
  const referrerHost = referrer ? siteHost(referrer.hostname) : null;
  const day = request.at.toISOString().slice(0, 10);
  const visitor = createHash('sha256')
    .update(await salts(day))
    .update(`${website.id}\n${request.ip}\n${request.userAgent}`)
    .digest()
    .readBigInt64BE(0);
  return {
    view: {
      at: request.at,
      websiteId: website.id,
      path: pagePath(page).slice(0, MAX_PATH),
      postId: body.data.p ?? null,
      categoryId: body.data.c ?? null,
      visitor,
      referrer: referrerHost && referrerHost !== website.host ? referrerHost : null,
      device: deviceOf(request.userAgent),
    },
  };
}
