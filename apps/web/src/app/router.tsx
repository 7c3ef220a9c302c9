import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { paths } from '../lib/paths.ts';
import { sessionGuard } from './guard.ts';
import { RootLayout } from './layout/RootLayout.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { PageLoader } from './PageLoader.tsx';
import { RouteErrorPage } from './RouteErrorPage.tsx';

/**
 * A screen loaded when its route is first visited: each screen, with the libraries only it uses,
 * is its own chunk, so the sign-in page and the dashboard load only what they show.
 */
const screen =
  <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  async () => ({ Component: pick(await load()) });

/** The spec's route table, plus /admin/settings/create (see SERVER-SEMANTICS). */
export const router = createBrowserRouter([
  {
    path: '/',
    middleware: [sessionGuard],
    Component: RootLayout,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: PageLoader,
    children: [
      { index: true, element: <Navigate to={paths.dashboard} replace /> },
      {
        path: 'login',
        lazy: screen(
          () => import('../features/auth/pages/LoginPage.tsx'),
          (m) => m.LoginPage,
        ),
      },
      {
        path: 'admin',
        children: [
          {
            path: 'dashboard',
            lazy: screen(
              () => import('../features/dashboard/pages/DashboardPage.tsx'),
              (m) => m.DashboardPage,
            ),
          },
          {
            path: 'websites',
            lazy: screen(
              () => import('../features/websites/pages/WebsitesPage.tsx'),
              (m) => m.WebsitesPage,
            ),
          },
          {
            path: 'instances',
            lazy: screen(
              () => import('../features/instances/pages/InstancesPage.tsx'),
              (m) => m.InstancesPage,
            ),
          },
          {
            path: 'categories',
            lazy: screen(
              () => import('../features/categories/pages/CategoriesPage.tsx'),
              (m) => m.CategoriesPage,
            ),
          },
          {
            path: 'posts',
            lazy: screen(
              () => import('../features/posts/pages/PostsPage.tsx'),
              (m) => m.PostsPage,
            ),
          },
          {
            path: 'users',
            lazy: screen(
              () => import('../features/users/pages/UsersPage.tsx'),
              (m) => m.UsersPage,
            ),
          },
          {
            path: 'roles',
            lazy: screen(
              () => import('../features/roles/pages/RolesPage.tsx'),
              (m) => m.RolesPage,
            ),
          },
          {
            path: 'roles/create',
            lazy: screen(
              () => import('../features/roles/pages/RoleCreatePage.tsx'),
              (m) => m.RoleCreatePage,
            ),
          },
          {
            path: 'roles/:id/edit',
            lazy: screen(
              () => import('../features/roles/pages/RoleEditPage.tsx'),
              (m) => m.RoleEditPage,
            ),
          },
          {
            path: 'settings',
            lazy: screen(
              () => import('../features/settings/pages/SettingsPage.tsx'),
              (m) => m.SettingsPage,
            ),
          },
          {
            path: 'settings/create',
            lazy: screen(
              () => import('../features/settings/pages/SettingCreatePage.tsx'),
              (m) => m.SettingCreatePage,
            ),
          },
          {
            path: 'settings/:id/edit',
            lazy: screen(
              () => import('../features/settings/pages/SettingEditPage.tsx'),
              (m) => m.SettingEditPage,
            ),
          },
          {
            path: 'trash',
            lazy: screen(
              () => import('../features/trash/pages/TrashPage.tsx'),
              (m) => m.TrashPage,
            ),
          },
          {
            path: 'profile',
            lazy: screen(
              () => import('../features/profile/pages/ProfilePage.tsx'),
              (m) => m.ProfilePage,
            ),
          },
        ],
      },
      {
        path: 'youtube/callback',
        lazy: screen(
          () => import('../features/dashboard/pages/GoogleCallbackPage.tsx'),
          (m) => m.GoogleCallbackPage,
        ),
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
]);
