import type { Config } from '../config.ts';
import type { SecretBox } from '../lib/secrets.ts';
import type { SettingKey } from '../lib/settings-catalog.ts';
import type { Db } from './client.ts';
import { readSettings } from './settings.ts';

/**
 * The fleet's Google OAuth client: the one Login with Google asks consent with, and so the one
 * that refreshes the tokens of the YouTube channel that login connects.
 */

/** The client's settings (group Google), sealed like every secret setting. */
export const GOOGLE_CLIENT_SETTINGS = {
  clientId: 'google.client_id',
  clientSecret: 'google.client_secret',
} as const satisfies Record<string, SettingKey>;

/**
 * The client, read at each call so that a change in Settings applies at once: the Google
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
