import { type MiddlewareFunction, redirect } from 'react-router';
import { getAuthState, isSigningOut, loadSession } from '../lib/auth-store.ts';
import { isApiError } from '../lib/http.ts';
import { paths } from '../lib/paths.ts';
import { loadAdminLayout } from './layout/RootLayout.tsx';

/**
 * Runs before every navigation (the navigation guard): when no user is loaded, loads the
 * profile, settings and abilities. Without a session, goes to login; with one, the login page
 * goes to the dashboard, and a screen waits for the admin layout's code, which it then renders at
 * once (see RootLayout).
 */
export const sessionGuard: MiddlewareFunction = async ({ request }) => {
  const { pathname } = new URL(request.url);
  const onLogin = pathname === paths.login;
  if (onLogin && isSigningOut()) return;
  if (!getAuthState().user) {
    try {
      await loadSession();
    } catch (error) {
      if (!isApiError(error, 401)) throw error;
      if (onLogin) return;
      throw redirect(paths.login);
    }
  }
  if (onLogin) throw redirect(paths.dashboard);
  await loadAdminLayout();
};
