import { CONNECT_LIMITS, CONNECT_MESSAGES, type SocialNetwork } from '@sitefleet/contract';
import { apiBaseOf, type ConnectApp } from './networks.ts';
import {
  ConnectFailure,
  getJson,
  idAt,
  nameAt,
  type OutsideCalls,
  type Tokens,
  tokenAt,
  tokensOf,
  under,
  valueAt,
} from './outside.ts';

/**
 * Whose accounts a consent gave: once the code is exchanged, each network is asked which account
 * the token is (X, TikTok, YouTube: one, a channel at once), or which accounts it manages
 * (Facebook Pages, each with its own Page token; LinkedIn organisations the member administers):
 * those are chosen by a person.
 */

export interface Account {
  externalId: string;
  name: string;
  tokens: Tokens;
}

export type Accounts =
  | { choose: false; account: Account }
  | { choose: true; candidates: Account[] };

export interface AccountsInput {
  app: ConnectApp;
  calls: OutsideCalls;
  /** The code exchange's answer, and the tokens read from it. */
  answer: unknown;
  tokens: Tokens;
  now: Date;
  /** LinkedIn-Version of the versioned API (the setting social.linkedin.api_version). */
  linkedinVersion: string;
}

/** Pages of a list followed at most: a thousand accounts and more is no one's fleet. */
const MAX_PAGES = 10;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const noAccounts = (network: SocialNetwork) =>
  new ConnectFailure(CONNECT_MESSAGES.noAccounts(network));

/** The one account of a "who am I" answer, or the reason there is none. */
function oneAccount(
  network: SocialNetwork,
  tokens: Tokens,
  id: string | null,
  name: string | null,
) {
  if (!id) throw noAccounts(network);
  return { choose: false as const, account: { externalId: id, name: name ?? id, tokens } };
}

/**
 * Facebook: the user token traded for a long-lived one, then the Pages it manages, each with the
 * Page token a channel publishes with (a Page token from a long-lived user token does not end).
 */
async function facebookPages(input: AccountsInput): Promise<Accounts> {
  const { app, calls, tokens } = input;
  const base = apiBaseOf(app);
  const exchange = new URLSearchParams({
    grant_type: 'fb_exchange_token',
    client_id: app.clientId,
    client_secret: app.clientSecret ?? '',
    fb_exchange_token: tokens.accessToken,
  });
  const long = tokensOf(
    calls,
    await getJson(calls, under(base, `/oauth/access_token?${exchange}`)),
    input.now,
  );
  calls.secrets.push(long.accessToken);
  const candidates: Account[] = [];
  let after: string | null = null;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const query: string = `fields=id,name,access_token${after ? `&after=${encodeURIComponent(after)}` : ''}`;
    const answer = await getJson(
      calls,
      under(base, `/me/accounts?${query}`),
      bearer(long.accessToken),
    );
    const data = valueAt(answer, ['data']);
    for (const entry of Array.isArray(data) ? data : []) {
      const externalId = idAt(entry, ['id']);
      const accessToken = tokenAt(entry, ['access_token']);
      if (!externalId || !accessToken) continue;
      calls.secrets.push(accessToken);
      candidates.push({
        externalId,
        name: nameAt(entry, ['name']) ?? externalId,
        tokens: { accessToken, refreshToken: null, expiresAt: null, refreshExpiresAt: null },
      });
    }
    const cursor = idAt(answer, ['paging', 'cursors', 'after']);
    if (!valueAt(answer, ['paging', 'next']) || !cursor || cursor === after) break;
    after = cursor;
  }
  return chosen(app.network, candidates);
}

const ORGANIZATION_URN = /^urn:li:organization:(\d{1,19})$/;
const ACLS_PATH = '/rest/organizationAcls?q=roleAssignee&role=ADMINISTRATOR&state=APPROVED';

/**
 * LinkedIn: the organisations the member administers (approved administrator roles), named by
 * their localized name; each becomes a channel that posts as the organisation (its URN) with
 * the member's tokens.
 */
async function linkedinOrganizations(input: AccountsInput): Promise<Accounts> {
  const { app, calls, tokens } = input;
  const base = apiBaseOf(app);
  const headers = {
    ...bearer(tokens.accessToken),
    'linkedin-version': input.linkedinVersion,
    'x-restli-protocol-version': '2.0.0',
  };
  const urns: string[] = [];
  let path: string | null = ACLS_PATH;
  for (let page = 0; path && page < MAX_PAGES; page += 1) {
    const answer = await getJson(calls, under(base, path), headers);
    const elements = valueAt(answer, ['elements']);
    for (const element of Array.isArray(elements) ? elements : []) {
      const urn = idAt(element, ['organization']);
      if (urn && ORGANIZATION_URN.test(urn) && !urns.includes(urn)) urns.push(urn);
    }
    path = nextLinkedinPage(answer);
  }
  const candidates: Account[] = [];
  for (const urn of urns.slice(0, CONNECT_LIMITS.choiceMax)) {
    const id = ORGANIZATION_URN.exec(urn)![1]!;
    // An organisation whose name cannot be read is still offered, by its URN.
    const organization = await getJson(
      calls,
      under(base, `/rest/organizations/${id}`),
      headers,
    ).catch(() => null);
    candidates.push({
      externalId: urn,
      name: nameAt(organization, ['localizedName']) ?? urn,
      tokens,
    });
  }
  return chosen(app.network, candidates);
}

/** The next page of LinkedIn's list, when its paging links to one of the same list. */
function nextLinkedinPage(answer: unknown): string | null {
  const links = valueAt(answer, ['paging', 'links']);
  for (const link of Array.isArray(links) ? links : []) {
    const href = valueAt(link, ['href']);
    if (
      valueAt(link, ['rel']) === 'next' &&
      typeof href === 'string' &&
      href.startsWith(ACLS_PATH)
    ) {
      return href;
    }
  }
  return null;
}

function chosen(network: SocialNetwork, candidates: Account[]): Accounts {
  if (candidates.length === 0) throw noAccounts(network);
  return { choose: true, candidates: candidates.slice(0, CONNECT_LIMITS.choiceMax) };
}

/** X: the token's user (`GET /2/users/me`). */
async function xUser({ app, calls, tokens }: AccountsInput): Promise<Accounts> {
  const answer = await getJson(
    calls,
    under(apiBaseOf(app), '/2/users/me'),
    bearer(tokens.accessToken),
  );
  return oneAccount(
    'twitter',
    tokens,
    idAt(answer, ['data', 'id']),
    nameAt(answer, ['data', 'name']) ?? nameAt(answer, ['data', 'username']),
  );
}

/** TikTok: the token answer's `open_id`, named by the user info's display name. */
async function tiktokUser({ app, calls, tokens, answer }: AccountsInput): Promise<Accounts> {
  const info = await getJson(
    calls,
    under(apiBaseOf(app), '/v2/user/info/?fields=open_id,display_name'),
    bearer(tokens.accessToken),
  );
  return oneAccount(
    'tiktok',
    tokens,
    idAt(answer, ['open_id']) ?? idAt(info, ['data', 'user', 'open_id']),
    nameAt(info, ['data', 'user', 'display_name']),
  );
}

/** YouTube: the Google account's own channel. */
async function youtubeChannel({ app, calls, tokens }: AccountsInput): Promise<Accounts> {
  const answer = await getJson(
    calls,
    under(apiBaseOf(app), '/youtube/v3/channels?part=snippet&mine=true'),
    bearer(tokens.accessToken),
  );
  return oneAccount(
    'youtube',
    tokens,
    idAt(answer, ['items', 0, 'id']),
    nameAt(answer, ['items', 0, 'snippet', 'title']),
  );
}

export const ACCOUNTS_OF: Record<SocialNetwork, (input: AccountsInput) => Promise<Accounts>> = {
  facebook: facebookPages,
  linkedin: linkedinOrganizations,
  twitter: xUser,
  tiktok: tiktokUser,
  youtube: youtubeChannel,
};
