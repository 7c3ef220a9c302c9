import { TRASH_LIST_ABILITIES } from '@sitefleet/contract';
import { type ComponentType, createElement } from 'react';
import { LoadingSpinner } from '../components/LoadingSpinner.tsx';
import { type AbilityName, appAbility, can } from '../lib/abilities.ts';
import { loadedApart } from '../lib/loaded-apart.tsx';
import { paths } from '../lib/paths.ts';

/** Loads a screen's module when its route is first visited: each screen is its own chunk. */
export type ScreenLoader = () => Promise<ComponentType>;

/** One screen: its route and what a user must hold to open it. */
export interface Screen {
  /** The route's path pattern, e.g. '/admin/roles/:id/edit'. */
  path: string;
  /**
   * Needed to open the screen (any one of a list will do); without it the route says so instead.
   * None: every signed-in user.
   */
  ability?: AbilityName | readonly AbilityName[];
  load: ScreenLoader;
}

/** The sidebar's sections: the user's own screens, the Parameters tree, the managed resources. */
export type MenuGroup = 'main' | 'parameters' | 'resources';

export interface MenuEntry {
  label: string;
  /** A Bootstrap Icons class. */
  icon: string;
  group: MenuGroup;
}

/**
 * A sidebar entry and its screens (Refine's `resources` array is the model): the entry links to
 * the list screen and shows only with the list's ability.
 */
export interface ScreenEntry {
  name: string;
  menu: MenuEntry;
  list: Screen;
  create?: Screen;
  edit?: Screen;
}

/** The dashboard's portfolio (the economics feature's): the counts show while its code loads. */
const Portfolio = loadedApart(
  () => import('../features/economics/components/Portfolio.tsx').then((module) => module.Portfolio),
  createElement(LoadingSpinner, { label: 'Loading the portfolio...' }),
);

/** Every screen of the app, by sidebar entry: the router and the sidebar are derived from it. */
export const SCREENS: readonly ScreenEntry[] = [
  {
    name: 'dashboard',
    menu: { label: 'Dashboard', icon: 'bi-speedometer', group: 'main' },
    list: {
      path: paths.dashboard,
      // The stats screen, with what the Google authorisation adds to it beside its title, and the
      // fleet's money. The portfolio's code is not in the first paint: it loads beside the
      // screen's, for those who may read it, and its requests leave as soon as it is there.
      load: async () => {
        if (can(appAbility, 'economics-list')) void Portfolio.preload();
        const [{ DashboardPage }, { DashboardGoogleActions }] = await Promise.all([
          import('../features/stats/pages/DashboardPage.tsx'),
          import('../features/google/components/DashboardGoogleActions.tsx'),
        ]);
        return () =>
          createElement(DashboardPage, {
            actions: createElement(DashboardGoogleActions),
            portfolio: createElement(Portfolio),
          });
      },
    },
  },
  {
    // Every signed-in user manages their own password, second factor and notifications: the
    // server's profile routes need no ability either.
    name: 'profile',
    menu: { label: 'Profile', icon: 'bi-person-badge', group: 'main' },
    list: {
      path: paths.profile,
      // The profile, with the notification preferences and the user's API tokens as its tabs.
      load: async () => {
        const [{ ProfilePage }, { NotificationPreferencesForm }, { TokensTab }] = await Promise.all(
          [
            import('../features/profile/pages/ProfilePage.tsx'),
            import('../features/notifications/components/NotificationPreferencesForm.tsx'),
            import('../features/tokens/components/TokensTab.tsx'),
          ],
        );
        return () =>
          createElement(ProfilePage, {
            notificationsTab: createElement(NotificationPreferencesForm),
            tokensTab: createElement(TokensTab),
          });
      },
    },
  },
  {
    // Every signed-in user has their own.
    name: 'notifications',
    menu: { label: 'Notifications', icon: 'bi-bell', group: 'main' },
    list: {
      path: paths.notifications,
      load: () =>
        import('../features/notifications/pages/NotificationsPage.tsx').then(
          (m) => m.NotificationsPage,
        ),
    },
  },
  {
    name: 'websites',
    menu: { label: 'Websites', icon: 'bi-globe2', group: 'resources' },
    list: {
      path: paths.websites,
      ability: 'website-list',
      // The list, with the traffic feature's views chart and the economics feature's Money tab in
      // each website's Advance Settings.
      load: async () => {
        const [{ WebsitesPage }, { WebsiteViewsChart }, { WebsiteMoney }] = await Promise.all([
          import('../features/websites/pages/WebsitesPage.tsx'),
          import('../features/traffic/components/ViewsChart.tsx'),
          import('../features/economics/components/WebsiteMoney.tsx'),
        ]);
        return () =>
          createElement(WebsitesPage, {
            websiteViews: WebsiteViewsChart,
            websiteMoney: WebsiteMoney,
          });
      },
    },
  },
  {
    // Page views of the fleet, counted by its beacon or imported from Google.
    name: 'traffic',
    menu: { label: 'Traffic', icon: 'bi-graph-up', group: 'resources' },
    list: {
      path: paths.traffic,
      ability: 'website-list',
      load: () => import('../features/traffic/pages/TrafficPage.tsx').then((m) => m.TrafficPage),
    },
  },
  {
    name: 'instances',
    menu: { label: 'Instances', icon: 'bi-hdd-stack', group: 'resources' },
    list: {
      path: paths.instances,
      ability: 'instance-list',
      load: () =>
        import('../features/instances/pages/InstancesPage.tsx').then((m) => m.InstancesPage),
    },
  },
  {
    name: 'categories',
    menu: { label: 'Categories', icon: 'bi-tags', group: 'resources' },
    list: {
      path: paths.categories,
      ability: 'category-list',
      load: () =>
        import('../features/categories/pages/CategoriesPage.tsx').then((m) => m.CategoriesPage),
    },
  },
  {
    name: 'posts',
    menu: { label: 'Posts', icon: 'bi-file-earmark-text', group: 'resources' },
    list: {
      path: paths.posts,
      ability: 'post-list',
      // The list, with the traffic feature's views of a post on each website in Detailed Review.
      load: async () => {
        const [{ PostsPage }, { PostViewsChart }] = await Promise.all([
          import('../features/posts/pages/PostsPage.tsx'),
          import('../features/traffic/components/ViewsChart.tsx'),
        ]);
        return () => createElement(PostsPage, { variantViews: PostViewsChart });
      },
    },
  },
  {
    name: 'calendar',
    menu: { label: 'Calendar', icon: 'bi-calendar3', group: 'resources' },
    list: {
      path: paths.calendar,
      ability: ['post-list', 'category-list'],
      load: () => import('../features/calendar/pages/CalendarPage.tsx').then((m) => m.CalendarPage),
    },
  },
  {
    name: 'deliveries',
    menu: { label: 'Deliveries', icon: 'bi-send-check', group: 'resources' },
    list: {
      path: paths.deliveries,
      ability: 'delivery-list',
      load: () =>
        import('../features/deliveries/pages/DeliveriesPage.tsx').then((m) => m.DeliveriesPage),
    },
  },
  {
    name: 'users',
    menu: { label: 'Users', icon: 'bi-people', group: 'resources' },
    list: {
      path: paths.users,
      ability: 'user-list',
      load: () => import('../features/users/pages/UsersPage.tsx').then((m) => m.UsersPage),
    },
  },
  {
    name: 'roles',
    menu: { label: 'Roles', icon: 'bi-shield-lock', group: 'resources' },
    list: {
      path: paths.roles,
      ability: 'role-list',
      load: () => import('../features/roles/pages/RolesPage.tsx').then((m) => m.RolesPage),
    },
    create: {
      path: paths.roleCreate,
      ability: 'role-create',
      load: () =>
        import('../features/roles/pages/RoleCreatePage.tsx').then((m) => m.RoleCreatePage),
    },
    edit: {
      path: paths.roleEdit(':id'),
      ability: 'role-update',
      load: () => import('../features/roles/pages/RoleEditPage.tsx').then((m) => m.RoleEditPage),
    },
  },
  {
    name: 'settings',
    menu: { label: 'Settings', icon: 'bi-gear', group: 'resources' },
    list: {
      path: paths.settings,
      ability: 'setting-list',
      load: () => import('../features/settings/pages/SettingsPage.tsx').then((m) => m.SettingsPage),
    },
    create: {
      path: paths.settingCreate,
      ability: 'setting-create',
      load: () =>
        import('../features/settings/pages/SettingCreatePage.tsx').then((m) => m.SettingCreatePage),
    },
    edit: {
      path: paths.settingEdit(':id'),
      ability: 'setting-update',
      load: () =>
        import('../features/settings/pages/SettingEditPage.tsx').then((m) => m.SettingEditPage),
    },
  },
  {
    name: 'audit-log',
    menu: { label: 'Audit Log', icon: 'bi-journal-text', group: 'resources' },
    list: {
      path: paths.auditLog,
      ability: 'audit-list',
      load: () =>
        import('../features/audit-log/pages/AuditLogPage.tsx').then((m) => m.AuditLogPage),
    },
  },
  {
    name: 'workflows',
    menu: { label: 'Workflows', icon: 'bi-diagram-3', group: 'parameters' },
    list: {
      path: paths.workflows,
      ability: 'workflow-manage',
      load: () =>
        import('../features/workflows/pages/WorkflowsPage.tsx').then((m) => m.WorkflowsPage),
    },
  },
  {
    // Everyone's API tokens; each user lists and revokes their own in the profile.
    name: 'tokens',
    menu: { label: 'API Tokens', icon: 'bi-key', group: 'parameters' },
    list: {
      path: paths.tokens,
      ability: 'token-manage',
      load: () => import('../features/tokens/pages/TokensPage.tsx').then((m) => m.TokensPage),
    },
  },
  {
    // The URLs that receive the fleet's events (outgoing webhooks): an administrator's.
    name: 'event-subscriptions',
    menu: { label: 'Event Subscriptions', icon: 'bi-broadcast', group: 'parameters' },
    list: {
      path: paths.eventSubscriptions,
      ability: 'event-subscription-manage',
      load: () =>
        import('../features/event-subscriptions/pages/EventSubscriptionsPage.tsx').then(
          (m) => m.EventSubscriptionsPage,
        ),
    },
  },
  {
    // The social accounts the websites' posts go to, and the network apps that renew their tokens.
    name: 'channels',
    menu: { label: 'Channels', icon: 'bi-share', group: 'parameters' },
    list: {
      path: paths.channels,
      ability: 'channel-list',
      load: () => import('../features/channels/pages/ChannelsPage.tsx').then((m) => m.ChannelsPage),
    },
  },
  {
    name: 'social-apps',
    menu: { label: 'Social Apps', icon: 'bi-app-indicator', group: 'parameters' },
    list: {
      path: paths.socialApps,
      ability: 'channel-list',
      load: () =>
        import('../features/channels/pages/SocialAppsPage.tsx').then((m) => m.SocialAppsPage),
    },
  },
  {
    // Whoever may delete something finds it again here.
    name: 'trash',
    menu: { label: 'Trash', icon: 'bi-trash3', group: 'resources' },
    list: {
      path: paths.trash,
      ability: TRASH_LIST_ABILITIES,
      load: () => import('../features/trash/pages/TrashPage.tsx').then((m) => m.TrashPage),
    },
  },
];

/** Every screen of every entry, in declaration order (list, create, edit). */
export function allScreens(entries: readonly ScreenEntry[] = SCREENS) {
  return entries.flatMap((entry) =>
    [entry.list, entry.create, entry.edit].filter(
      (screen): screen is Screen => screen !== undefined,
    ),
  );
}
