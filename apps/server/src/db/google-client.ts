import { GOOGLE_API_DEFAULT_URLS, TRAFFIC_SETTINGS } from '@sitefleet/contract';
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

export type GoogleApiUrls = Record<keyof typeof GOOGLE_API_DEFAULT_URLS, string>;

/**
 * The Google APIs the traffic import asks (Settings › Google), read at each run so that a change
 * applies at once; the real ones where a setting is empty.
 */
export async function googleApiUrls(db: Db, secrets: SecretBox): Promise<GoogleApiUrls> {
  const stored = await readSettings(db, secrets, Object.values(TRAFFIC_GOOGLE_API_SETTINGS));
  const url = (name: keyof GoogleApiUrls) =>
    (stored[TRAFFIC_GOOGLE_API_SETTINGS[name]] || GOOGLE_API_DEFAULT_URLS[name]).replace(
      /\/+$/,
      '',
    );
  return {
    analyticsAdmin: url('analyticsAdmin'),
    analyticsData: url('analyticsData'),
    searchConsole: url('searchConsole'),
  };
}

const TRAFFIC_GOOGLE_API_SETTINGS = {
  analyticsAdmin: TRAFFIC_SETTINGS.analyticsAdminUrl,
  analyticsData: TRAFFIC_SETTINGS.analyticsDataUrl,
  searchConsole: TRAFFIC_SETTINGS.searchConsoleUrl,
} as const satisfies Record<keyof GoogleApiUrls, SettingKey>;
