import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAppName, useAuth } from '../../lib/auth-store.ts';
import { paths } from '../../lib/paths.ts';
import { AdminLayout } from './AdminLayout.tsx';
import { LoginLayout } from './LoginLayout.tsx';

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
