import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAppName, useAuth } from '../../lib/auth-store.ts';
import { paths } from '../../lib/paths.ts';
import { PageLoader } from '../PageLoader.tsx';
import { LoginLayout } from './LoginLayout.tsx';

/**
 * The admin layout (navbar, sidebar, control sidebar and the react-bootstrap parts they use) is
 * not part of the sign-in page's load: it loads once a user is signed in. The session guard waits
 * for it before a signed-in screen renders, so that it renders at once: a lazy component suspends
 * on its first render even when its code is there, and React then holds the fallback it showed
 * for 300 ms before showing what replaced it (the first screen's requests waited as long).
 */
let loadedAdminLayout: ComponentType | undefined;
export const loadAdminLayout = () =>
  import('./AdminLayout.tsx').then((module) => {
    loadedAdminLayout = module.AdminLayout;
    return module;
  });
/** The layout for a render that comes before the guard had it loaded. */
const LazyAdminLayout = lazy(() =>
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
  if (!showAdmin) return <LoginLayout />;
  const AdminLayout = loadedAdminLayout;
  return AdminLayout ? (
    <AdminLayout />
  ) : (
    <Suspense fallback={<PageLoader />}>
      <LazyAdminLayout />
    </Suspense>
  );
}
