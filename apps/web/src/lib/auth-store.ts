import { APP_NAME_SETTING, DEFAULT_APP_NAME, type Profile } from '@sitefleet/contract';
import { useSyncExternalStore } from 'react';
import { applyAbilities, resetAbilities } from './abilities.ts';
import { http } from './http.ts';

/** What the client holds about the session. */
export interface AuthState {
  user: Profile | null;
  /** The user's role names, lowercased: role names are compared without case. */
  roleNames: string[];
  abilities: string[];
  /** Application settings by their dotted name, e.g. app.name. */
  appSettings: Record<string, string | null>;
}

const SIGNED_OUT: AuthState = { user: null, roleNames: [], abilities: [], appSettings: {} };

let state: AuthState = SIGNED_OUT;
const listeners = new Set<() => void>();

function setState(next: AuthState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function getAuthState(): AuthState {
  return state;
}

export function subscribeToAuth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAuth(): AuthState {
  return useSyncExternalStore(subscribeToAuth, getAuthState);
}

export function useAppName(): string {
  return useAuth().appSettings[APP_NAME_SETTING] || DEFAULT_APP_NAME;
}

/** Replaces the user, e.g. after the profile screen saved a new name or avatar. */
export function setUser(user: Profile): void {
  setState({ ...state, user, roleNames: user.roles.map((role) => role.name.toLowerCase()) });
}

let pendingLoad: Promise<void> | null = null;

async function readSession(): Promise<void> {
  const profile = http.get('/api/profile');
  const [profileAnswer, settingsAnswer, abilitiesAnswer, schemas] = await Promise.all([
    profile,
    http.get('/api/settings/fetch'),
    http.get('/api/abilities'),
    // The schemas (and zod) load once a session answers, beside its other two answers: the
    // sign-in page, whose profile answers 401, never loads them.
    profile.then(() => import('./session-schemas.ts')),
  ]);
  const user = schemas.profileSchema.parse(profileAnswer);
  // Single sign-on's options ride along for other clients; the sign-in screen reads its own.
  const { sso: _sso, ...appSettings } = schemas.appSettingsAnswerSchema.parse(settingsAnswer);
  const abilities = schemas.abilitiesSchema.parse(abilitiesAnswer);
  applyAbilities(abilities);
  setState({
    user,
    roleNames: user.roles.map((role) => role.name.toLowerCase()),
    abilities,
    appSettings,
  });
}

/**
 * Loads the profile, the application settings and the abilities in parallel. Concurrent callers
 * share one load. Rejects with the ApiError of the first failed call (401 without a session).
 */
export function loadSession(): Promise<void> {
  pendingLoad ??= readSession().finally(() => {
    pendingLoad = null;
  });
  return pendingLoad;
}

/**
 * True while a sign-out leaves the admin screens for the login page: the user is forgotten only
 * once there, and the login page must not send them back to the dashboard meanwhile.
 */
let signingOut = false;
export const isSigningOut = () => signingOut;

/** Goes to the login page with `leave` and then forgets the user. */
export async function signOutThrough(leave: () => Promise<void> | void): Promise<void> {
  signingOut = true;
  try {
    await leave();
  } finally {
    signingOut = false;
  }
  clearSession();
}

/** Forgets the user (after logout or an expired session); abilities go back to the placeholder. */
export function clearSession(): void {
  resetAbilities();
  setState(SIGNED_OUT);
}
