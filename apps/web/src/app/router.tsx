import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths } from '../lib/paths.ts';
import { sessionGuard } from './guard.ts';
import { RootLayout } from './layout/RootLayout.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { PageLoader } from './PageLoader.tsx';
import { RequireAbility } from './RequireAbility.tsx';
import { RouteErrorPage } from './RouteErrorPage.tsx';
import { allScreens, type Screen, type ScreenLoader } from './screens.ts';

/**
 * A screen loaded when its route is first visited: each screen, with the libraries only it uses,
 * is its own chunk, so the sign-in page and the dashboard load only what they show.
 */
const lazyScreen = (load: ScreenLoader) => async () => ({ Component: await load() });

/** A screen, behind its ability: without it the route shows the no-access screen. */
function screenRoute({ path, ability, load }: Screen): RouteObject {
  if (!ability) return { path, lazy: lazyScreen(load) };
  return {
    path,
    lazy: async () => {
      const Screen: ComponentType = await load();
      return {
        Component: () => (
          <RequireAbility ability={ability}>
            <Screen />
          </RequireAbility>
        ),
      };
    },
  };
}

/** Every screen's route, from screens.ts: the original product's addresses, plus /admin/settings/create. */
export const router = createBrowserRouter([
  {
    // An outside reviewer's one-off link: no session, no admin layout.
    path: paths.publicReview(':token'),
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: PageLoader,
    lazy: lazyScreen(() =>
      import('../features/workflows/pages/PublicReviewPage.tsx').then((m) => m.PublicReviewPage),
    ),
  },
  {
    // A connect link's holder chooses the accounts their consent offers: no session either.
    path: paths.connectChoose(':state'),
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: PageLoader,
    lazy: lazyScreen(() =>
      import('../features/channels/pages/ConnectChoosePage.tsx').then((m) => m.ConnectChoosePage),
    ),
  },
  {
    path: '/',
    middleware: [sessionGuard],
    Component: RootLayout,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: PageLoader,
    children: [
      { index: true, element: <Navigate to={paths.dashboard} replace /> },
      {
        path: paths.login,
        lazy: lazyScreen(() =>
          import('../features/auth/pages/LoginPage.tsx').then((m) => m.LoginPage),
        ),
      },
      ...allScreens().map(screenRoute),
      {
        path: paths.googleCallback,
        lazy: lazyScreen(() =>
          import('../features/google/pages/GoogleCallbackPage.tsx').then(
            (m) => m.GoogleCallbackPage,
          ),
        ),
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
]);
