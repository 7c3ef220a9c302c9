/**
 * Single sign-on with an OpenID Connect provider (Google Workspace, Microsoft Entra, Okta,
 * Keycloak, Authentik…): its settings, in group SSO, each read at every sign-in. No schema here:
 * the sign-in screen reads these words, and its first load carries no zod (the options' schema
 * is in auth.ts).
 */
export const SSO_SETTINGS = {
  issuer: 'sso.issuer',
  clientId: 'sso.client_id',
  clientSecret: 'sso.client_secret',
  buttonLabel: 'sso.button_label',
  allowedDomains: 'sso.allowed_domains',
  defaultRole: 'sso.default_role',
  roleClaim: 'sso.role_claim',
  roleMap: 'sso.role_map',
  localLogin: 'sso.local_login',
} as const;

/** The button's words when `sso.button_label` is empty. */
export const DEFAULT_SSO_LABEL = 'SSO';

/** Where the provider sends the browser back; registered with the provider as the redirect URI. */
export const SSO_CALLBACK_PATH = '/auth/sso/callback';
export const SSO_START_PATH = '/auth/sso';

/** The sign-in screen's `?sso_error=` after a refused single sign-on names one of these. */
export const SSO_ERRORS = {
  not_configured: 'Single sign-on is not set up.',
  provider: 'The identity provider could not be reached, or refused the sign-in. Try again.',
  expired: 'The sign-in took too long or was started elsewhere. Try again.',
  domain: 'Your e-mail address is not in a domain allowed to sign in here.',
  unverified:
    'An account with your e-mail address exists, and your identity provider does not say the address is verified: sign in with your password.',
  no_email: 'Your identity provider did not give a usable e-mail address.',
} as const;
export type SsoError = keyof typeof SSO_ERRORS;

/** What the sign-in screen says of a `?sso_error=` it does not know. */
export const SSO_UNKNOWN_ERROR = 'The single sign-on did not succeed. Try again.';

export const SSO_MESSAGES = {
  localLoginOff: 'Sign-in with a password is turned off: use single sign-on.',
  issuerInsecure: 'The SSO issuer must be an https:// address (http:// only on a loopback address)',
  roleMapInvalid: 'The SSO role map must be a JSON object of claim values to role names',
} as const;
