import { randomBytes, timingSafeEqual } from 'node:crypto';
import { GOOGLE_ADSENSE_SCOPE, GOOGLE_TRAFFIC_SCOPES, MESSAGES } from '@sitefleet/contract';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../../config.ts';
import type { AppContext } from '../../../context.ts';
import { recordChange } from '../../../db/audit.ts';
import { type Db, queryRows } from '../../../db/client.ts';
import { googleClient } from '../../../db/google-client.ts';
import { sessions } from '../../../db/schema.ts';
import { HttpError, validationError } from '../../../errors.ts';
import { lockDefault } from '../defaults.ts';
import { connectAccounts } from './connect-accounts.ts';
import { ConnectFailure, type Tokens, tokensOf } from './outside.ts';

/**
 * Login with Google (the dashboard's button, /youtube/callback): the fleet's own consent, asked
 * with the Google client of Settings › Google, which connects the fleet's YouTube channel. That
 * channel is the YouTube default when there is none, so a fleet that publishes every website's
 * videos to one account needs nothing more; websites with channels of their own keep them.
 */

const YOUTUBE_UPLOAD_SCOPE = 'https://www.googleapis.com/auth/youtube.upload';
/**
 * The fleet's one Google grant also reads GA4's and Search Console's figures for the traffic
 * import, and AdSense's earnings for the revenue import; a YouTube channel connected from the
 * Channels screen keeps its own consent.
 */
const SCOPES = [YOUTUBE_UPLOAD_SCOPE, ...GOOGLE_TRAFFIC_SCOPES, GOOGLE_ADSENSE_SCOPE].join(' ');
const TOKEN_TIMEOUT_MS = 10_000;

/**
 * The channel's account id: the consent asks for uploads only, which cannot ask YouTube whose
 * channel it is. The upgrade from the fleet-wide settings (migration 0043) names it the same.
 */
export const LOGIN_WITH_GOOGLE_ACCOUNT = 'login-with-google';
const CHANNEL_NAME = 'YouTube (Login with Google)';
/** The app record whose empty client id means the Google client of Settings › Google. */
const GOOGLE_CLIENT_APP = 'Google client (Settings › Google)';

async function clientOf(db: Db, context: Pick<AppContext, 'secrets' | 'config'>) {
  const client = await googleClient(db, context.secrets, context.config);
  if (!client) throw new HttpError(409, MESSAGES.googleNotConfigured);
  return client;
}

const redirectUri = (config: Config, origin: string) =>
  config.GOOGLE_REDIRECT_URI ?? `${origin}/youtube/callback`;

/** The consent URL; its state is kept on the caller's session and checked at the callback. */
export async function buildAuthUrl(context: AppContext, sessionId: string, origin: string) {
  const { db, config } = context;
  const { clientId } = await clientOf(db, context);
  const state = randomBytes(24).toString('base64url');
  await db.update(sessions).set({ oauthState: state }).where(eq(sessions.id, sessionId));
  const url = new URL(config.GOOGLE_AUTH_URL);
  url.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri(config, origin),
    response_type: 'code',
    scope: SCOPES,
    access_type: 'offline',
    prompt: 'consent',
    include_granted_scopes: 'true',
    state,
  }).toString();
  return url.toString();
}

const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The Google client's app record, made (the default when there is none) the first time. */
async function googleClientApp(tx: Db): Promise<number> {
  const [found] = await queryRows<{ id: number }>(
    tx,
    sql`SELECT id FROM social_apps WHERE network = 'youtube' AND client_id = '' ORDER BY id LIMIT 1`,
  );
  if (found) return found.id;
  await lockDefault(tx, 'social_apps', 'youtube');
  const [created] = await queryRows<{ id: number }>(
    tx,
    sql`INSERT INTO social_apps (network, name, client_id, is_default)
        VALUES ('youtube', ${GOOGLE_CLIENT_APP}, '',
                NOT EXISTS (SELECT 1 FROM social_apps WHERE network = 'youtube' AND is_default))
        RETURNING id`,
  );
  return created!.id;
}

/** POST /api/google-callback: checks the state, exchanges the code, connects the channel. */
export async function completeAuthorisation(
  context: AppContext,
  input: { sessionId: string; code: string; state: string; origin: string },
) {
  const { db, config, outbound } = context;
  const { clientId, clientSecret } = await clientOf(db, context);
  const [session] = await db
    .select({ oauthState: sessions.oauthState })
    .from(sessions)
    .where(eq(sessions.id, input.sessionId));
  if (!session?.oauthState || !sameText(session.oauthState, input.state)) {
    throw validationError({ state: MESSAGES.googleStateMismatch });
  }
  // A state is good for one exchange.
  await db.update(sessions).set({ oauthState: null }).where(eq(sessions.id, input.sessionId));
  const response = await outbound.fetch(config.GOOGLE_TOKEN_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: input.code,
      client_id: clientId,
      client_secret: clientSecret,
      redirect_uri: redirectUri(config, input.origin),
    }),
    signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
  });
  const answer: unknown = await response.json().catch(() => ({}));
  const now = new Date();
  const calls = { outbound, timeoutMs: TOKEN_TIMEOUT_MS, secrets: [input.code, clientSecret] };
  // Read as every consent's answer is: tokens and their ends bounded, a refresh token kept only
  // when Google sent one (at consent), so that no answer of Google's can fail the save.
  let tokens: Tokens | null = null;
  if (response.ok) {
    try {
      tokens = tokensOf(calls, answer, now);
    } catch (error) {
      if (!(error instanceof ConnectFailure)) throw error;
    }
  }
  if (!tokens) throw validationError({ code: MESSAGES.googleExchangeFailed(response.status) });
  const via = { connect: 'login_with_google' } as const;
  await db.transaction(async (tx) => {
    const appId = await googleClientApp(tx);
    await lockDefault(tx, 'channels', 'youtube');
    const [channel] = await connectAccounts(
      tx,
      context,
      { network: 'youtube', appId, websiteIds: [], via },
      [{ externalId: LOGIN_WITH_GOOGLE_ACCOUNT, name: CHANNEL_NAME, tokens }],
      now,
    );
    const { id, name } = channel!;
    const [madeDefault] = await queryRows<{ id: number }>(
      tx,
      sql`UPDATE channels SET is_default = true, updated_at = now()
          WHERE id = ${id}
            AND NOT EXISTS (SELECT 1 FROM channels WHERE network = 'youtube' AND is_default)
          RETURNING id`,
    );
    if (madeDefault) {
      await recordChange(
        tx,
        'channel',
        { id, name },
        { isDefault: false },
        { isDefault: true },
        via,
      );
    }
  });
}
