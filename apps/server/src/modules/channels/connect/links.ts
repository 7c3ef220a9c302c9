import {
  CONNECT_MESSAGES,
  type ConnectLink,
  connectLinkPath,
  type SocialNetwork,
} from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { type Db, type Executor, idArray, queryRows } from '../../../db/client.ts';
import { HttpError, notFound } from '../../../errors.ts';
import type { ConnectApp } from './networks.ts';
import { digest, randomSecret } from './pending.ts';

/**
 * Connect links: for a website's owner who holds an account but has no login. The link names who
 * made it, the app and the websites, and leads to the network's consent; once a consent came back
 * through it, or once it ends, it answers 410. Its token (256 random bits) is shown once and kept
 * as its SHA-256; a link stays a month past its end, then goes (404).
 */

const KEPT_DAYS = 30;

export async function createConnectLink(
  db: Db,
  input: {
    app: ConnectApp;
    websiteIds: readonly number[];
    hours: number;
    creator: { userId: number; name: string };
    origin: string;
  },
  now: Date,
): Promise<ConnectLink> {
  const token = randomSecret();
  const expiresAt = new Date(now.getTime() + input.hours * 3_600_000);
  await db.execute(
    sql`DELETE FROM channel_connect_links
        WHERE expires_at < ${new Date(now.getTime() - KEPT_DAYS * 86_400_000)}`,
  );
  await db.execute(
    sql`INSERT INTO channel_connect_links (token_hash, network, app_id, website_ids, created_by,
                                           created_by_name, expires_at)
        VALUES (${digest(token)}, ${input.app.network}, ${input.app.id},
                ${idArray(input.websiteIds)}, ${input.creator.userId}, ${input.creator.name},
                ${expiresAt})`,
  );
  return { url: `${input.origin}${connectLinkPath(token)}`, expires_at: expiresAt.toISOString() };
}

/** What a link's page shows, and what its consent needs. */
export interface LinkView {
  id: number;
  network: SocialNetwork;
  appId: number;
  appName: string;
  websiteIds: number[];
  /** The websites that still exist, by name. */
  websites: string[];
  createdBy: number | null;
  createdByName: string;
  expiresAt: Date;
}

/** A link by its token: 404 when there is none, 410 once used or ended. */
export async function usableLink(db: Executor, token: string, now: Date): Promise<LinkView> {
  const [link] = await queryRows<{
    id: number;
    network: SocialNetwork;
    app_id: number;
    app_name: string;
    website_ids: number[];
    websites: string[];
    created_by: number | null;
    created_by_name: string;
    expires_at: Date | string;
    usable: boolean;
  }>(
    db,
    sql`SELECT l.id, l.network, l.app_id, a.name AS app_name, l.website_ids,
               ARRAY(SELECT w.name FROM websites w WHERE w.id = ANY(l.website_ids)
                     ORDER BY w.name, w.id) AS websites,
               l.created_by, l.created_by_name, l.expires_at,
               l.used_at IS NULL AND l.expires_at > ${now} AS usable
        FROM channel_connect_links l JOIN social_apps a ON a.id = l.app_id
        WHERE l.token_hash = ${digest(token)}`,
  );
  if (!link) throw notFound(CONNECT_MESSAGES.linkUnknown);
  if (!link.usable) throw new HttpError(410, CONNECT_MESSAGES.linkGone);
  return {
    id: link.id,
    network: link.network,
    appId: link.app_id,
    appName: link.app_name,
    websiteIds: link.website_ids,
    websites: link.websites,
    createdBy: link.created_by,
    createdByName: link.created_by_name,
    expiresAt: new Date(link.expires_at),
  };
}

/**
 * The link's consent came back: it is used from now on. False when it was used meanwhile (another
 * consent through it came back first) or has ended: this one then connects nothing.
 */
export async function useLink(tx: Executor, linkId: number, now: Date): Promise<boolean> {
  const used = await queryRows<{ id: number }>(
    tx,
    sql`UPDATE channel_connect_links SET used_at = ${now}
        WHERE id = ${linkId} AND used_at IS NULL AND expires_at > ${now}
        RETURNING id`,
  );
  return used.length > 0;
}

/** Whether the link a consent came through can still take it (unused, not ended). */
export async function linkStillUsable(db: Executor, linkId: number, now: Date) {
  const [row] = await queryRows<{ usable: boolean }>(
    db,
    sql`SELECT used_at IS NULL AND expires_at > ${now} AS usable
        FROM channel_connect_links WHERE id = ${linkId}`,
  );
  return row?.usable === true;
}
