import { createBrowserRouter, Navigate } from 'react-router';
import { LoginPage } from '../features/auth/pages/LoginPage.tsx';
import { CategoriesPage } from '../features/categories/pages/CategoriesPage.tsx';
import { DashboardPage } from '../features/dashboard/pages/DashboardPage.tsx';
import { GoogleCallbackPage } from '../features/dashboard/pages/GoogleCallbackPage.tsx';
import { InstancesPage } from '../features/instances/pages/InstancesPage.tsx';
import { PostsPage } from '../features/posts/pages/PostsPage.tsx';
import { ProfilePage } from '../features/profile/pages/ProfilePage.tsx';
import { RoleCreatePage } from '../features/roles/pages/RoleCreatePage.tsx';
import { RoleEditPage } from '../features/roles/pages/RoleEditPage.tsx';
import { RolesPage } from '../features/roles/pages/RolesPage.tsx';
import { SettingCreatePage } from '../features/settings/pages/SettingCreatePage.tsx';
import { SettingEditPage } from '../features/settings/pages/SettingEditPage.tsx';
import { SettingsPage } from '../features/settings/pages/SettingsPage.tsx';
import { UsersPage } from '../features/users/pages/UsersPage.tsx';
import { WebsitesPage } from '../features/websites/pages/WebsitesPage.tsx';
import { paths } from '../lib/paths.ts';
import { sessionGuard } from './guard.ts';
import { RootLayout } from './layout/RootLayout.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { PageLoader } from './PageLoader.tsx';
import { RouteErrorPage } from './RouteErrorPage.tsx';

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
      { path: 'login', Component: LoginPage },
      {
        path: 'admin',
        children: [
          { path: 'dashboard', Component: DashboardPage },
          { path: 'websites', Component: WebsitesPage },
          { path: 'instances', Component: InstancesPage },
          { path: 'categories', Component: CategoriesPage },
          { path: 'posts', Component: PostsPage },
          { path: 'users', Component: UsersPage },
          { path: 'roles', Component: RolesPage },
          { path: 'roles/create', Component: RoleCreatePage },
          { path: 'roles/:id/edit', Component: RoleEditPage },
          { path: 'settings', Component: SettingsPage },
          { path: 'settings/create', Component: SettingCreatePage },
          { path: 'settings/:id/edit', Component: SettingEditPage },
          { path: 'profile', Component: ProfilePage },
        ],
      },
      { path: 'youtube/callback', Component: GoogleCallbackPage },
      { path: '*', Component: NotFoundPage },
    ],
  },
]);
