import { Outlet } from 'react-router';
import { useBodyClass } from '../../lib/use-body-class.ts';

/** The bare layout shown without a signed-in user: the page centred, no menus. */
export function LoginLayout() {
  useBodyClass('login-page bg-body-secondary');
  return (
    <main>
      <Outlet />
    </main>
  );
}
