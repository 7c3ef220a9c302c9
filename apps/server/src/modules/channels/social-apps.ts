import {
  SOCIAL_APP_MESSAGES,
  type SocialApp,
  type SocialAppCreate,
  type SocialAppUpdate,
  type socialAppListQuerySchema,
  socialAppsResource,
} from '@sitefleet/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { recordChange } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { socialApps } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { isoText, listOrder, pageOf } from '../../lists/page.ts';
import { searchCondition } from '../../lists/search.ts';
import { takeDefault } from './defaults.ts';

/**
 * The networks' apps (OAuth clients): their client secret is sealed and written only, the answer
 * says whether there is one. A delete is for good: the channels that named the app fall back to
 * their network's default app (the foreign key sets null).
 */

type SocialAppListQuery = z.output<typeof socialAppListQuerySchema>;

/** The answer's columns: never the secret. */
const ROW = {
  id: socialApps.id,
  network: socialApps.network,
  name: socialApps.name,
  client_id: socialApps.clientId,
  has_client_secret: sql<boolean>`${socialApps.clientSecret} IS NOT NULL`,
  is_default: socialApps.isDefault,
  auth_url: socialApps.authUrl,
  token_url: socialApps.tokenUrl,
  api_base_url: socialApps.apiBaseUrl,
  created_at: socialApps.createdAt,
};

const selectRows = (executor: Db) => executor.select(ROW).from(socialApps);
type Row = Awaited<ReturnType<typeof selectRows>>[number];

const shape = (row: Row): SocialApp => ({ ...row, created_at: isoText(row.created_at) });

const ORDER = {
  name: socialApps.name,
  network: socialApps.network,
  created_at: socialApps.createdAt,
};

export function listSocialApps(reads: Db, query: SocialAppListQuery) {
  const where = and(
    searchCondition(query.query, [socialApps.name]),
    query.network === undefined ? undefined : eq(socialApps.network, query.network),
  );
  return pageOf(query, socialAppsResource.path, {
    rows: async (limit, offset) =>
      (
        await selectRows(reads)
          .where(where)
          .orderBy(...listOrder(query, ORDER, socialApps.id))
          .limit(limit)
          .offset(offset)
      ).map(shape),
    count: async () =>
      (await reads.select({ total: count() }).from(socialApps).where(where))[0]!.total,
  });
}

async function readSocialApp(executor: Db, id: number, lock = false) {
  const query = selectRows(executor).where(eq(socialApps.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(SOCIAL_APP_MESSAGES.notFound);
  return row;
}

export const getSocialApp = async (reads: Db, id: number) => shape(await readSocialApp(reads, id));

/** What the audit log keeps of an app: its fields, and its secret only as changed or not. */
async function audited(tx: Db, id: number) {
  const [row] = await tx
    .select({
      name: socialApps.name,
      network: socialApps.network,
      clientId: socialApps.clientId,
      // Sealed anew at each change, so a new secret shows as changed; its field's name redacts it.
      clientSecret: socialApps.clientSecret,
      isDefault: socialApps.isDefault,
      authUrl: socialApps.authUrl,
      tokenUrl: socialApps.tokenUrl,
      apiBaseUrl: socialApps.apiBaseUrl,
    })
    .from(socialApps)
    .where(eq(socialApps.id, id));
  return row!;
}

/** The columns of the fields sent; a secret sent is sealed, null removes it. */
function columnsOf(secrets: SecretBox, body: SocialAppUpdate) {
  const columns = {
    name: body.name,
    clientId: body.client_id,
    clientSecret:
      body.client_secret === undefined || body.client_secret === null
        ? body.client_secret
        : secrets.seal(body.client_secret),
    isDefault: body.is_default,
    authUrl: body.auth_url,
    tokenUrl: body.token_url,
    apiBaseUrl: body.api_base_url,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
}

export function createSocialApp(db: Db, secrets: SecretBox, body: SocialAppCreate) {
  return db.transaction(async (tx) => {
    if (body.is_default) await takeDefault(tx, 'social_apps', body.network);
    const [created] = await tx
      .insert(socialApps)
      .values({
        ...columnsOf(secrets, body),
        network: body.network,
        name: body.name,
        clientId: body.client_id,
      })
      .returning({ id: socialApps.id });
    const id = created!.id;
    await recordChange(tx, 'social_app', { id, name: body.name }, null, await audited(tx, id));
    return shape(await readSocialApp(tx, id));
  });
}

/** PUT: the fields sent change; the network stays, and so does a secret left out. */
export function updateSocialApp(db: Db, secrets: SecretBox, id: number, body: SocialAppUpdate) {
  return db.transaction(async (tx) => {
    const { network } = await readSocialApp(tx, id);
    // The network's default lock before the row's: see takeDefault.
    if (body.is_default) await takeDefault(tx, 'social_apps', network, id);
    await readSocialApp(tx, id, true);
    const before = await audited(tx, id);
    await tx
      .update(socialApps)
      .set({ ...columnsOf(secrets, body), updatedAt: new Date() })
      .where(eq(socialApps.id, id));
    const after = await audited(tx, id);
    await recordChange(tx, 'social_app', { id, name: after.name }, before, after);
    return shape(await readSocialApp(tx, id));
  });
}

export function removeSocialApp(db: Db, id: number) {
  return db.transaction(async (tx) => {
    await readSocialApp(tx, id, true);
    const before = await audited(tx, id);
    await tx.delete(socialApps).where(eq(socialApps.id, id));
    await recordChange(tx, 'social_app', { id, name: before.name }, before, null);
    return { message: SOCIAL_APP_MESSAGES.deleted };
  });
}
