import { connectChoosePath } from '@sitefleet/contract';

/** Every screen's address, as the original product has them (plus /admin/settings/create). */
export const paths = {
  login: '/login',
  dashboard: '/admin/dashboard',
  websites: '/admin/websites',
  traffic: '/admin/traffic',
  instances: '/admin/instances',
  categories: '/admin/categories',
  posts: '/admin/posts',
  deliveries: '/admin/deliveries',
  calendar: '/admin/calendar',
  users: '/admin/users',
  roles: '/admin/roles',
  roleCreate: '/admin/roles/create',
  roleEdit: (id: number | string) => `/admin/roles/${id}/edit`,
  settings: '/admin/settings',
  settingCreate: '/admin/settings/create',
  settingEdit: (id: number | string) => `/admin/settings/${id}/edit`,
  auditLog: '/admin/audit-log',
  profile: '/admin/profile',
  trash: '/admin/trash',
  notifications: '/admin/notifications',
  googleCallback: '/youtube/callback',
  workflows: '/admin/workflows',
  tokens: '/admin/tokens',
  eventSubscriptions: '/admin/event-subscriptions',
  channels: '/admin/channels',
  socialApps: '/admin/social-apps',
  /** An outside reviewer's one-off link (no session). */
  publicReview: (token: string) => `/review/${token}`,
  /** Where a connect link's holder chooses the accounts its consent offers (no session). */
  connectChoose: (state: string) => connectChoosePath(state),
} as const;

// The address of a website's Advance Settings: the server's notifications link there too.
export { SETTINGS_PARAM, SETTINGS_TAB_PARAM, websiteSettingsPath } from '@sitefleet/contract';

/** The search parameter that opens a list's create form, so that the form has an address. */
export const CREATE_FORM_PARAM = 'create';

/** A list screen with its create form open: `/admin/posts?create=1`. */
export const createFormPath = (listPath: string) => `${listPath}?${CREATE_FORM_PARAM}=1`;

/** The Advance Settings tab of a website's money, which the dashboard's portfolio links to. */
export const WEBSITE_MONEY_TAB = 'money';
