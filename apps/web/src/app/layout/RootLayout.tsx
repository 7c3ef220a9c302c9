import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAppName, useAuth } from '../../lib/auth-store.ts';
import { paths } from '../../lib/paths.ts';
import { PageLoader } from '../PageLoader.tsx';
import { LoginLayout } from './LoginLayout.tsx';

/**
 * The admin layout (navbar, sidebar, control sidebar and the react-bootstrap parts they use) is
 * not part of the sign-in page's load: it loads once a user is signed in. The session guard asks
 * for it as soon as the session is known, beside the screen's own chunk.
 */
export const loadAdminLayout = () => import('./AdminLayout.tsx');
const AdminLayout = lazy(() =>
  loadAdminLayout().then((module) => ({ default: module.AdminLayout })),
);

/** The admin layout for a signed-in user with a name; the bare one otherwise (and on /login). */
export function RootLayout() {
  const { user } = useAuth();
  const appName = useAppName();
  const { pathname } = useLocation();

  useEffect(() => {
    document.title = appName;
  }, [appName]);

  const showAdmin = Boolean(user?.name) && pathname !== paths.login;
  return showAdmin ? (
    <Suspense fallback={<PageLoader />}>
      <AdminLayout />
    </Suspense>
  ) : (
    <LoginLayout />
  );
}
