import { type MiddlewareFunction, redirect } from 'react-router';
import { getAuthState, loadSession } from '../lib/auth-store.ts';
import { isApiError } from '../lib/http.ts';
import { paths } from '../lib/paths.ts';

/**
 * Runs before every navigation (spec §2, "navigation guard"): when no user is loaded and the target
 * is not the login page, loads the profile, settings and abilities. Without a session, goes to login.
 */
export const sessionGuard: MiddlewareFunction = async ({ request }) => {
  const { pathname } = new URL(request.url);
  if (pathname === paths.login || getAuthState().user) return;
  try {
    await loadSession();
  } catch (error) {
    if (isApiError(error, 401)) throw redirect(paths.login);
    throw error;
  }
};
