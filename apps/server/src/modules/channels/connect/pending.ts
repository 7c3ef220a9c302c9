import { createHash, randomBytes } from 'node:crypto';
import { CHANNEL_MESSAGES, CONNECT_MESSAGES, type SocialNetwork } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { type Db, type Executor, idArray, queryRows } from '../../../db/client.ts';
import { missingIds } from '../../../db/ids.ts';
import { HttpError, notFound, validationError } from '../../../errors.ts';
import { needsClientSecret } from '../../../lib/oauth-client.ts';
import type { SecretBox } from '../../../lib/secrets.ts';
import type { Account } from './accounts-of.ts';
import { authorizeUrl, CONSENTS, type ConnectApp } from './networks.ts';

/**
 * A consent under way (channel_connects): made when a person asks for it, its state used once by
 * the network's callback; then, for the networks whose accounts are chosen, the accounts it
 * offers wait (sealed, with their tokens) until they are chosen, once.
 */

/** How long the network's consent may take. */
export const STATE_MINUTES = 15;
/** How long the accounts a consent offers wait to be chosen. */
export const CHOOSE_MINUTES = 30;
/** A consent's row is kept this long past its end (a late callback is told it expired), then goes. */
const KEPT_DAYS = 1;

export const digest = (secret: string) => createHash('sha256').update(secret).digest('hex');
/** 256 random bits, as 43 base64url characters (a state, a code verifier, a link's token). */
export const randomSecret = () => randomBytes(32).toString('base64url');

const minutesAfter = (now: Date, minutes: number) => new Date(now.getTime() + minutes * 60_000);

interface AppRow {
  id: number;
  name: string;
  network: SocialNetwork;
  client_id: string;
  client_secret: string | null;
  auth_url: string | null;
  token_url: string | null;
  api_base_url: string | null;
}

async function appRow(db: Executor, where: ReturnType<typeof sql>) {
  const [row] = await queryRows<AppRow>(
    db,
    sql`SELECT id, name, network, client_id, client_secret, auth_url, token_url, api_base_url
        FROM social_apps WHERE ${where}`,
  );
  return row;
}

const asApp = (secrets: SecretBox, row: AppRow): ConnectApp => ({
  id: row.id,
  name: row.name,
  network: row.network,
  clientId: row.client_id,
  clientSecret: row.client_secret === null ? null : secrets.open(row.client_secret),
  authUrl: row.auth_url,
  tokenUrl: row.token_url,
  apiBaseUrl: row.api_base_url,
});

/** An app by its id (null once deleted). */
export async function appById(db: Executor, secrets: SecretBox, id: number) {
  const row = await appRow(db, sql`id = ${id}`);
  return row ? asApp(secrets, row) : null;
}

/**
 * The app a consent asks with: the one named, else the network's default; 422s on `app_id` for
 * none, another network's, or one without the secret the network's code exchange needs. 422s on
 * `website_ids` for websites that do not exist.
 */
export async function appToAsk(
  db: Db,
  secrets: SecretBox,
  body: { network: SocialNetwork; app_id?: number | null; website_ids: readonly number[] },
): Promise<ConnectApp> {
  const errors: Record<string, string> = {};
  const missing = await missingIds(db, 'websites', body.website_ids);
  if (missing.length > 0) errors.website_ids = CHANNEL_MESSAGES.websitesUnknown(missing);
  const row =
    body.app_id == null
      ? await appRow(db, sql`network = ${body.network} AND is_default`)
      : await appRow(db, sql`id = ${body.app_id}`);
  if (!row) {
    errors.app_id =
      body.app_id == null
        ? CONNECT_MESSAGES.noDefaultApp(body.network)
        : CHANNEL_MESSAGES.appUnknown;
  } else if (row.network !== body.network) errors.app_id = CHANNEL_MESSAGES.appOtherNetwork;
  else if (row.client_id === '') errors.app_id = CONNECT_MESSAGES.googleClientApp;
  else if (needsClientSecret(body.network) && row.client_secret === null) {
    errors.app_id = CONNECT_MESSAGES.appNoSecret(body.network);
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return asApp(secrets, row!);
}

/** Who asks for a consent: a person signed in, or the maker of a connect link. */
export interface Asker {
  userId: number | null;
  name: string;
  linkId: number | null;
}

/** A consent's row and the network's consent page; older rows long past their end go. */
export async function beginConnect(
  db: Db,
  secrets: SecretBox,
  input: { app: ConnectApp; websiteIds: readonly number[]; redirectUri: string; asker: Asker },
  now: Date,
): Promise<{ authorize_url: string }> {
  const { app, asker } = input;
  const state = randomSecret();
  const codeVerifier = CONSENTS[app.network].pkce ? randomSecret() : null;
  await db.execute(
    sql`DELETE FROM channel_connects WHERE expires_at < ${new Date(now.getTime() - KEPT_DAYS * 86_400_000)}
          AND coalesce(choose_by, expires_at) < ${now}`,
  );
  await db.execute(
    sql`INSERT INTO channel_connects (state_hash, network, app_id, website_ids, code_verifier,
                                      redirect_uri, requested_by, requested_by_name, link_id,
                                      expires_at)
        VALUES (${digest(state)}, ${app.network}, ${app.id}, ${idArray(input.websiteIds)},
                ${codeVerifier === null ? null : secrets.seal(codeVerifier)}, ${input.redirectUri},
                ${asker.userId}, ${asker.name}, ${asker.linkId}, ${minutesAfter(now, STATE_MINUTES)})`,
  );
  return {
    authorize_url: authorizeUrl(app, { state, redirectUri: input.redirectUri, codeVerifier }),
  };
}

export interface PendingConnect {
  id: number;
  network: SocialNetwork;
  appId: number;
  websiteIds: number[];
  codeVerifier: string | null;
  redirectUri: string;
  asker: Asker;
}

interface ConnectRow {
  id: number;
  network: SocialNetwork;
  app_id: number;
  website_ids: number[];
  code_verifier: string | null;
  redirect_uri: string;
  requested_by: number | null;
  requested_by_name: string;
  link_id: number | null;
  candidates: string | null;
  usable: boolean;
}

const COLUMNS = sql`id, network, app_id, website_ids, code_verifier, redirect_uri, requested_by,
                    requested_by_name, link_id, candidates`;

const pendingOf = (secrets: SecretBox, row: ConnectRow): PendingConnect => ({
  id: row.id,
  network: row.network,
  appId: row.app_id,
  websiteIds: row.website_ids,
  codeVerifier: row.code_verifier === null ? null : secrets.open(row.code_verifier),
  redirectUri: row.redirect_uri,
  asker: { userId: row.requested_by, name: row.requested_by_name, linkId: row.link_id },
});

export type StateProblem = 'unknown' | 'gone';

/**
 * The callback's use of a state, once: its consent when the state is this network's, unused and
 * in time; else whether it is unknown (or another network's) or gone (used, or expired).
 */
export async function takeState(
  db: Db,
  secrets: SecretBox,
  network: string,
  state: string,
  now: Date,
): Promise<PendingConnect | StateProblem> {
  const [used] = await queryRows<ConnectRow>(
    db,
    sql`UPDATE channel_connects SET used_at = ${now}
        WHERE state_hash = ${digest(state)} AND network = ${network}
          AND used_at IS NULL AND expires_at > ${now}
        RETURNING ${COLUMNS}, true AS usable`,
  );
  if (used) return pendingOf(secrets, used);
  const [known] = await queryRows<{ network: string }>(
    db,
    sql`SELECT network FROM channel_connects WHERE state_hash = ${digest(state)}`,
  );
  return known?.network === network ? 'gone' : 'unknown';
}

/** What a consent offers, kept until they are chosen (sealed: each carries its tokens). */
export async function offerAccounts(
  tx: Executor,
  secrets: SecretBox,
  id: number,
  candidates: readonly Account[],
  now: Date,
) {
  await tx.execute(
    sql`UPDATE channel_connects
        SET candidates = ${secrets.seal(JSON.stringify(candidates))},
            choose_by = ${minutesAfter(now, CHOOSE_MINUTES)}
        WHERE id = ${id}`,
  );
}

/** A consent whose state came back: done now (its accounts connected, or none). */
export const closeConnect = (tx: Executor, id: number, now: Date) =>
  tx.execute(
    sql`UPDATE channel_connects SET chosen_at = ${now}, candidates = NULL WHERE id = ${id}`,
  );

/**
 * The accounts a consent offers, by its state: 404 when there is no such consent (or none of a
 * link, for `linkOnly`) or it offers none (its callback has not come, or gave one account), 410
 * once chosen or past its time. `lock` holds the row for the choice's transaction.
 */
export async function offered(
  db: Executor,
  secrets: SecretBox,
  state: string,
  now: Date,
  options: { linkOnly: boolean; lock: boolean },
): Promise<{ pending: PendingConnect; candidates: Account[] }> {
  const [row] = await queryRows<ConnectRow & { chosen: boolean }>(
    db,
    sql`SELECT ${COLUMNS}, choose_by > ${now} AS usable, chosen_at IS NOT NULL AS chosen
        FROM channel_connects WHERE state_hash = ${digest(state)}
        ${options.lock ? sql`FOR UPDATE` : sql``}`,
  );
  if (!row || (options.linkOnly && row.link_id === null)) {
    throw notFound(CONNECT_MESSAGES.stateUnknown);
  }
  if (row.chosen || (row.candidates !== null && !row.usable)) {
    throw new HttpError(410, CONNECT_MESSAGES.stateGone);
  }
  if (row.candidates === null) throw notFound(CONNECT_MESSAGES.nothingToChoose);
  const candidates = JSON.parse(secrets.open(row.candidates)) as Account[];
  return {
    pending: pendingOf(secrets, row),
    candidates: candidates.map((candidate) => ({
      ...candidate,
      tokens: {
        ...candidate.tokens,
        expiresAt: dateOrNull(candidate.tokens.expiresAt),
        refreshExpiresAt: dateOrNull(candidate.tokens.refreshExpiresAt),
      },
    })),
  };
}

/** A date kept as JSON (its ISO text), read back. */
const dateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));
