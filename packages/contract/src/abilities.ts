/**
 * Abilities are permission names of the form `resource-action`. The server checks them on every
 * route; the web app uses the same strings to show or hide menu items and buttons.
 */

export const RESOURCES = [
  'user',
  'role',
  'setting',
  'profile',
  'website',
  'instance',
  'category',
  'post',
] as const;
export type Resource = (typeof RESOURCES)[number];

/** Risk level of a permission: 1 is the most critical, 5 the least. */
export type PermissionLevel = 1 | 2 | 3 | 4 | 5;

const CRUD_LEVELS = { list: 5, create: 3, update: 2, delete: 1 } as const;

/** Actions beyond list/create/update/delete, per resource. */
const EXTRA_ACTIONS: Partial<Record<Resource, Record<string, PermissionLevel>>> = {
  role: { assign: 1 },
  website: { settings: 2 },
  instance: { logs: 4 },
  category: { sync: 3, action: 2, review: 4 },
  post: { sync: 3, action: 2, review: 4 },
};

export interface PermissionDefinition {
  name: string;
  level: PermissionLevel;
}

export const PERMISSIONS: readonly PermissionDefinition[] = RESOURCES.flatMap((resource) => [
  ...Object.entries(CRUD_LEVELS).map(([action, level]) => ({
    name: `${resource}-${action}`,
    level: level as PermissionLevel,
  })),
  ...Object.entries(EXTRA_ACTIONS[resource] ?? {}).map(([action, level]) => ({
    name: `${resource}-${action}`,
    level,
  })),
]);

export const PERMISSION_NAMES = PERMISSIONS.map((p) => p.name);

/** The ability every admin role adds on top of its permissions: it grants everything. */
export const MANAGE_ALL = 'manage-all';

/** Role names (compared in lowercase) that grant manage-all. */
export const ADMIN_ROLE_NAMES = ['admin', 'super admin'] as const;
export const SUPER_ADMIN_ROLE = 'super admin';
export const DEFAULT_GUARD = 'web';

const CONTENT_RESOURCES: Resource[] = ['website', 'instance', 'category', 'post', 'profile'];

/** The roles the seed creates, with the permissions each one holds. */
export const SEEDED_ROLES: Record<string, readonly string[]> = {
  'super admin': PERMISSION_NAMES,
  admin: PERMISSION_NAMES,
  editor: PERMISSION_NAMES.filter((name) =>
    CONTENT_RESOURCES.some((resource) => name.startsWith(`${resource}-`)),
  ),
  viewer: PERMISSION_NAMES.filter((name) => name.endsWith('-list')),
};

export function isAdminRoleName(name: string): boolean {
  return (ADMIN_ROLE_NAMES as readonly string[]).includes(name.toLowerCase());
}

/** What a user may do: their permission names, plus manage-all for the admin roles. */
export function abilitiesFor(roleNames: readonly string[], permissionNames: readonly string[]) {
  const abilities = new Set(permissionNames);
  if (roleNames.some(isAdminRoleName)) abilities.add(MANAGE_ALL);
  return [...abilities].sort();
}

export function hasAbility(abilities: readonly string[], ability: string): boolean {
  return abilities.includes(MANAGE_ALL) || abilities.includes(ability);
}
