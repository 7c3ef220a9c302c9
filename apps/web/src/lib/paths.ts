/** Every screen's address, as the original product has them (plus /admin/settings/create). */
export const paths = {
  login: '/login',
  dashboard: '/admin/dashboard',
  websites: '/admin/websites',
  instances: '/admin/instances',
  categories: '/admin/categories',
  posts: '/admin/posts',
  deliveries: '/admin/deliveries',
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
  googleCallback: '/youtube/callback',
} as const;

/** The search parameter that opens a list's create form, so that the form has an address. */
export const CREATE_FORM_PARAM = 'create';

/** A list screen with its create form open: `/admin/posts?create=1`. */
export const createFormPath = (listPath: string) => `${listPath}?${CREATE_FORM_PARAM}=1`;
