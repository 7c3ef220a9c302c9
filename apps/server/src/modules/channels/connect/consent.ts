import {
  CONNECT_MESSAGES,
  channelsConnectPath,
  connectChoosePath,
  PUBLISH_TARGET_LABELS,
  SOCIAL_NETWORKS,
  type SocialNetwork,
} from '@sitefleet/contract';
import type { AppContext } from '../../../context.ts';
import { identifyActor } from '../../../db/audit.ts';
import { settingValues } from '../../../db/settings.ts';
import { storableText } from '../../../lib/outside-text.ts';
import { ACCOUNTS_OF } from './accounts-of.ts';
import { type Connection, connectAccounts } from './connect-accounts.ts';
import { linkStillUsable, useLink } from './links.ts';
import { codeExchange, tokenUrlOf } from './networks.ts';
import { ConnectFailure, type OutsideCalls, postForm, tokensOf } from './outside.ts';
import { messagePage } from './pages.ts';
import { appById, closeConnect, offerAccounts, type PendingConnect, takeState } from './pending.ts';

/**
 * GET /oauth/{network}/callback: the network sends the browser back with a code (or an error)
 * and the state, which alone authorizes it (no session). The state is used at once; the code is
 * exchanged at the app's token address; the accounts it gives are made channels, or offered to
 * be chosen. A consent started on the Channels screen goes back there; one through a connect
 * link ends on a page of its own. Whatever the network answers, the browser gets a page.
 */

export type ConsentEnd =
  | { redirect: string }
  | { status: 200 | 400 | 404 | 410 | 502; html: string };

export interface CallbackQuery {
  code?: string;
  state?: string;
  error?: string;
  error_description?: string;
}

/** The errors a network answers when the person declines (LinkedIn has its own). */
const DECLINED = new Set(['access_denied', 'user_cancelled_login', 'user_cancelled_authorize']);
const LINKEDIN_VERSION = 'social.linkedin.api_version';
const DEFAULT_LINKEDIN_VERSION = '202605';

const isNetwork = (value: string): value is SocialNetwork =>
  (SOCIAL_NETWORKS as readonly string[]).includes(value);

const pageOf = (
  status: 200 | 400 | 404 | 410 | 502,
  title: string,
  message: string,
  back?: string,
) => ({
  status,
  html: messagePage(title, message, back ? { href: back, label: 'Back to Channels' } : undefined),
});

/** A network's error text, as a person may read it: short, printable. */
const errorText = (query: CallbackQuery) =>
  storableText(query.error_description || query.error || '').slice(0, 200);

export async function finishConsent(
  context: AppContext,
  network: string,
  query: CallbackQuery,
  now: Date,
): Promise<ConsentEnd> {
  if (!isNetwork(network)) {
    return pageOf(404, 'Not found', CONNECT_MESSAGES.stateUnknown);
  }
  const label = PUBLISH_TARGET_LABELS[network];
  const title = `Connecting ${label}`;
  if (!query.state) return pageOf(400, title, CONNECT_MESSAGES.stateUnknown);
  const pending = await takeState(context.db, context.secrets, network, query.state, now);
  if (pending === 'unknown') return pageOf(400, title, CONNECT_MESSAGES.stateUnknown);
  if (pending === 'gone') return pageOf(410, title, CONNECT_MESSAGES.stateGone);
  const { linkId, userId, name } = pending.asker;
  if (linkId !== null && !(await linkStillUsable(context.db, linkId, now))) {
    return pageOf(410, title, CONNECT_MESSAGES.linkGone);
  }
  // The changes it makes are the asker's, in the audit log.
  if (userId !== null) identifyActor({ userId, name, token: null });
  const back = (end: Parameters<typeof channelsConnectPath>[0]) =>
    linkId === null ? channelsConnectPath(end) : undefined;

  if (query.error || !query.code) {
    await closeConnect(context.db, pending.id, now);
    if (query.error && DECLINED.has(query.error)) {
      return pageOf(
        200,
        title,
        CONNECT_MESSAGES.denied(network),
        back({ outcome: 'denied', network }),
      );
    }
    const reason = errorText(query) || CONNECT_MESSAGES.exchangeFailed;
    return pageOf(
      502,
      title,
      CONNECT_MESSAGES.failed(network, reason),
      back({ outcome: 'failed', network, detail: reason }),
    );
  }
  try {
    return await connect(context, pending, query.code, query.state, now);
  } catch (error) {
    if (!(error instanceof ConnectFailure)) throw error;
    await closeConnect(context.db, pending.id, now);
    return pageOf(
      502,
      title,
      CONNECT_MESSAGES.failed(network, error.message),
      back({ outcome: 'failed', network, detail: error.message }),
    );
  }
}

/** The code exchanged, the accounts found, and made channels or offered to choose. */
async function connect(
  context: AppContext,
  pending: PendingConnect,
  code: string,
  state: string,
  now: Date,
): Promise<ConsentEnd> {
  const { network } = pending;
  const app = await appById(context.db, context.secrets, pending.appId);
  if (!app) throw new ConnectFailure(CONNECT_MESSAGES.exchangeFailed);
  const calls: OutsideCalls = {
    outbound: context.outbound,
    timeoutMs: context.config.DELIVERY_TIMEOUT_MS,
    secrets: [code, app.clientSecret ?? '', pending.codeVerifier ?? ''],
  };
  const exchange = codeExchange(app, {
    code,
    redirectUri: pending.redirectUri,
    codeVerifier: pending.codeVerifier,
  });
  if (!exchange) throw new ConnectFailure(CONNECT_MESSAGES.appNoSecret(network));
  const { form, headers } = exchange;
  const answer = await postForm(calls, tokenUrlOf(app), form, headers);
  const tokens = tokensOf(calls, answer, now);
  calls.secrets.push(tokens.accessToken, tokens.refreshToken ?? '');
  const linkedin = await settingValues(context.db, context.secrets, LINKEDIN_VERSION);
  const accounts = await ACCOUNTS_OF[network]({
    app,
    calls,
    answer,
    tokens,
    now,
    linkedinVersion: linkedin[LINKEDIN_VERSION] || DEFAULT_LINKEDIN_VERSION,
  });
  const { linkId } = pending.asker;
  const connection: Connection = {
    network,
    appId: app.id,
    websiteIds: pending.websiteIds,
    via: linkId === null ? { connect: 'oauth' } : { connect: 'connect_link', link_id: linkId },
  };
  const label = PUBLISH_TARGET_LABELS[network];
  return context.db.transaction(async (tx): Promise<ConsentEnd> => {
    if (linkId !== null && !(await useLink(tx, linkId, now))) {
      await closeConnect(tx, pending.id, now);
      return pageOf(410, `Connecting ${label}`, CONNECT_MESSAGES.linkGone);
    }
    if (accounts.choose) {
      await offerAccounts(tx, context.secrets, pending.id, accounts.candidates, now);
      return {
        redirect:
          linkId === null ? channelsConnectPath({ pending: state }) : connectChoosePath(state),
      };
    }
    await connectAccounts(tx, context, connection, [accounts.account], now);
    await closeConnect(tx, pending.id, now);
    const name = accounts.account.name;
    if (linkId === null) {
      return { redirect: channelsConnectPath({ outcome: 'connected', network, detail: name }) };
    }
    return pageOf(
      200,
      `${label} connected`,
      `${CONNECT_MESSAGES.connected(network, [name])} You may close this page.`,
    );
  });
}
