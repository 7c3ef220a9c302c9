import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAppName, useAuth } from '../../lib/auth-store.ts';
import { loadedApart } from '../../lib/loaded-apart.tsx';
import { paths } from '../../lib/paths.ts';
import { PageLoader } from '../PageLoader.tsx';
import { LoginLayout } from './LoginLayout.tsx';

/**
 * The admin layout (navbar, sidebar, control sidebar and the react-bootstrap parts they use) is
 * not part of the sign-in page's load: it loads once a user is signed in. The session guard waits
 * for it before a signed-in screen renders (`loadAdminLayout`), so that it renders at once.
 */
const AdminLayout = loadedApart(
  () => import('./AdminLayout.tsx').then((module) => module.AdminLayout),
  <PageLoader />,
);
export const loadAdminLayout = AdminLayout.preload;

/** The admin layout for a signed-in user with a name; the bare one otherwise (and on /login). */
export function RootLayout() {
  const { user } = useAuth();
  const appName = useAppName();
  const { pathname } = useLocation();

  useEffect(() => {
    document.title = appName;
  }, [appName]);

  const showAdmin = Boolean(user?.name) && pathname !== paths.login;
  return showAdmin ? <AdminLayout /> : <LoginLayout />;
}
