import { randomBytes, timingSafeEqual } from 'node:crypto';
import { MESSAGES } from '@sitefleet/contract';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { recordAudit } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { sessions, settings } from '../../db/schema.ts';
import { readSettings } from '../../db/settings.ts';
import { HttpError, validationError } from '../../errors.ts';
import { fieldChanges } from '../../lib/audit-diff.ts';
import type { Outbound } from '../../lib/outbound.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import type { SettingKey } from '../../lib/settings-catalog.ts';

const YOUTUBE_UPLOAD_SCOPE = 'https://www.googleapis.com/auth/youtube.upload';
const TOKEN_TIMEOUT_MS = 10_000;
/** An access token this close to its expiry is refreshed before use. */
const EXPIRY_MARGIN_MS = 60_000;

export const GOOGLE_TOKEN_SETTINGS = {
  accessToken: 'social.youtube.access_token',
  refreshToken: 'social.youtube.refresh_token',
  expiresAt: 'social.youtube.expires_at',
} as const satisfies Record<string, SettingKey>;

/** The OAuth client's settings (group Google), sealed like every secret setting. */
export const GOOGLE_CLIENT_SETTINGS = {
  clientId: 'google.client_id',
  clientSecret: 'google.client_secret',
} as const satisfies Record<string, SettingKey>;

/**
 * The OAuth client, read at each call so that a change in Settings applies at once: the Google
 * settings when both are set, else GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET; null without either.
 */
export async function googleClient(db: Db, secrets: SecretBox, config: Config) {
  const stored = await readSettings(db, secrets, Object.values(GOOGLE_CLIENT_SETTINGS));
  const clientId = stored[GOOGLE_CLIENT_SETTINGS.clientId];
  const clientSecret = stored[GOOGLE_CLIENT_SETTINGS.clientSecret];
  if (clientId && clientSecret) return { clientId, clientSecret };
  if (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET) {
    return { clientId: config.GOOGLE_CLIENT_ID, clientSecret: config.GOOGLE_CLIENT_SECRET };
  }
  return null;
}

async function clientOf(db: Db, secrets: SecretBox, config: Config) {
  const client = await googleClient(db, secrets, config);
  if (!client) throw new HttpError(409, MESSAGES.googleNotConfigured);
  return client;
}

const redirectUri = (config: Config, origin: string) =>
  config.GOOGLE_REDIRECT_URI ?? `${origin}/youtube/callback`;

/** The consent URL; its state is kept on the caller's session and checked at the callback. */
export async function buildAuthUrl(
  db: Db,
  secrets: SecretBox,
  config: Config,
  sessionId: string,
  origin: string,
) {
  const { clientId } = await clientOf(db, secrets, config);
  const state = randomBytes(24).toString('base64url');
  await db.update(sessions).set({ oauthState: state }).where(eq(sessions.id, sessionId));
  const url = new URL(config.GOOGLE_AUTH_URL);
  url.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri(config, origin),
    response_type: 'code',
    scope: YOUTUBE_UPLOAD_SCOPE,
    access_type: 'offline',
    prompt: 'consent',
    include_granted_scopes: 'true',
    state,
  }).toString();
  return url.toString();
}

interface TokenAnswer {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
}

async function requestTokens(config: Config, outbound: Outbound, form: Record<string, string>) {
  const response = await outbound.fetch(config.GOOGLE_TOKEN_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(form),
    signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
  });
  const body = (await response.json().catch(() => ({}))) as TokenAnswer;
  return { status: response.status, ok: response.ok && Boolean(body.access_token), body };
}

async function storeTokens(db: Db, secrets: SecretBox, tokens: TokenAnswer) {
  const values: [string, string | null][] = [
    [GOOGLE_TOKEN_SETTINGS.accessToken, secrets.seal(tokens.access_token!)],
    [
      GOOGLE_TOKEN_SETTINGS.expiresAt,
      new Date(Date.now() + (tokens.expires_in ?? 3600) * 1000).toISOString(),
    ],
  ];
  // Google sends a refresh token only at consent; a refresh answer keeps the one we have.
  if (tokens.refresh_token) {
    values.push([GOOGLE_TOKEN_SETTINGS.refreshToken, secrets.seal(tokens.refresh_token)]);
  }
  await db.transaction(async (tx) => {
    for (const [fullPath, value] of values) {
      await tx
        .update(settings)
        .set({ value, updatedAt: new Date() })
        .where(eq(settings.fullPath, fullPath));
    }
    // Sealed tokens and their expiry: the names say which are secrets, redacted as such.
    await recordAudit(tx, {
      action: 'settings_changed',
      subjectType: 'setting',
      subjectName: 'Login with Google',
      changes: fieldChanges(null, Object.fromEntries(values)),
    });
  });
}

const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** POST /api/google-callback: checks the state, exchanges the code, keeps the tokens encrypted. */
export async function completeAuthorisation(
  db: Db,
  secrets: SecretBox,
  config: Config,
  outbound: Outbound,
  input: { sessionId: string; code: string; state: string; origin: string },
) {
  const { clientId, clientSecret } = await clientOf(db, secrets, config);
  const [session] = await db
    .select({ oauthState: sessions.oauthState })
    .from(sessions)
    .where(eq(sessions.id, input.sessionId));
  if (!session?.oauthState || !sameText(session.oauthState, input.state)) {
    throw validationError({ state: MESSAGES.googleStateMismatch });
  }
  // A state is good for one exchange.
  await db.update(sessions).set({ oauthState: null }).where(eq(sessions.id, input.sessionId));
  const answer = await requestTokens(config, outbound, {
    grant_type: 'authorization_code',
    code: input.code,
    client_id: clientId,
    client_secret: clientSecret,
    redirect_uri: redirectUri(config, input.origin),
  });
  if (!answer.ok) throw validationError({ code: MESSAGES.googleExchangeFailed(answer.status) });
  await storeTokens(db, secrets, answer.body);
}

/** A valid access token for YouTube uploads, refreshed with the refresh token when it expired. */
export async function googleAccessToken(
  db: Db,
  secrets: SecretBox,
  config: Config,
  outbound: Outbound,
): Promise<string> {
  const stored = await readSettings(db, secrets, Object.values(GOOGLE_TOKEN_SETTINGS));
  const accessToken = stored[GOOGLE_TOKEN_SETTINGS.accessToken];
  const expiresAt = Date.parse(stored[GOOGLE_TOKEN_SETTINGS.expiresAt] ?? '');
  if (accessToken && expiresAt - EXPIRY_MARGIN_MS > Date.now()) return accessToken;
  const refreshToken = stored[GOOGLE_TOKEN_SETTINGS.refreshToken];
  if (!refreshToken) throw new Error(MESSAGES.googleNotConnected);
  const { clientId, clientSecret } = await clientOf(db, secrets, config);
  const answer = await requestTokens(config, outbound, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: clientId,
    client_secret: clientSecret,
  });
  if (!answer.ok)
    throw new Error(`Google refused to refresh the access token (HTTP ${answer.status}).`);
  await storeTokens(db, secrets, answer.body);
  return answer.body.access_token!;
}
