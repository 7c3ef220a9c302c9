import { type AuthOptions, DEFAULT_SSO_LABEL, SSO_SETTINGS } from '@sitefleet/contract';
import type { SecretBox } from '../lib/secrets.ts';
import type { Db } from './client.ts';
import { readSettings } from './settings.ts';

/**
 * Single sign-on's settings, read at each sign-in, by the sign-in routes and by the settings
 * every screen reads.
 */

/** The SSO settings, read at each sign-in. */
export interface SsoConfig {
  issuer: string | null;
  clientId: string | null;
  clientSecret: string | null;
  label: string;
  allowedDomains: string[];
  defaultRole: string | null;
  roleClaim: string | null;
  roleMap: Record<string, string>;
  localLogin: boolean;
}

const blankIsNull = (value: string | null) => (value?.trim() ? value.trim() : null);

/** A role map that is not an object of names is no map: the setting's own check refuses it. */
function parseRoleMap(text: string | null): Record<string, string> {
  if (!text?.trim()) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  } catch {
    return {};
  }
}

export async function readSsoConfig(db: Db, secrets: SecretBox): Promise<SsoConfig> {
  const values = await readSettings(db, secrets, Object.values(SSO_SETTINGS));
  return {
    issuer: blankIsNull(values[SSO_SETTINGS.issuer]),
    clientId: blankIsNull(values[SSO_SETTINGS.clientId]),
    clientSecret: blankIsNull(values[SSO_SETTINGS.clientSecret]),
    label: blankIsNull(values[SSO_SETTINGS.buttonLabel]) ?? DEFAULT_SSO_LABEL,
    allowedDomains: (values[SSO_SETTINGS.allowedDomains] ?? '')
      .split(',')
      .map((domain) => domain.trim().toLowerCase())
      .filter(Boolean),
    defaultRole: blankIsNull(values[SSO_SETTINGS.defaultRole]),
    roleClaim: blankIsNull(values[SSO_SETTINGS.roleClaim]),
    roleMap: parseRoleMap(values[SSO_SETTINGS.roleMap]),
    // On unless set to false: a fresh install keeps its password sign-in.
    localLogin: values[SSO_SETTINGS.localLogin] !== 'false',
  };
}

export const ssoEnabled = (config: SsoConfig) => config.issuer !== null && config.clientId !== null;

/** GET /api/auth/options: what the sign-in screen offers. */
export const authOptions = (config: SsoConfig): AuthOptions => ({
  sso: { enabled: ssoEnabled(config), label: config.label },
  local_login: config.localLogin,
});
