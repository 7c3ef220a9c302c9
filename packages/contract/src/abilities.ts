/**
 * Abilities are permission names of the form `subject-action` (`post-review`). The server checks
 * them on every route; the web app uses the same strings to show or hide menu items and buttons.
 */

import { abilitySubjectsOf, RESOURCE_NAMES } from './resource-names.ts';

/**
 * The subjects of the original product's permissions, in its order, which the seeded permissions'
 * ids follow; a resource's own subject (`abilities` in RESOURCE_NAMES) comes after them.
 */
const FIRST_SUBJECTS = [
  'user',
  'role',
  'setting',
  'profile',
  'website',
  'instance',
  'category',
  'post',
] as const;

/** What a permission is about: the first word of its name. */
export const ABILITY_SUBJECTS = [
  ...new Set([...FIRST_SUBJECTS, ...abilitySubjectsOf(RESOURCE_NAMES)]),
] as const;
export type AbilitySubject =
  | (typeof FIRST_SUBJECTS)[number]
  | ReturnType<typeof abilitySubjectsOf<typeof RESOURCE_NAMES>>[number];

/** Risk level of a permission: 1 is the most critical, 5 the least. */
export type PermissionLevel = 1 | 2 | 3 | 4 | 5;

const CRUD_LEVELS = { list: 5, create: 3, update: 2, delete: 1 } as const;
/** The actions every subject has. */
export const CRUD_ACTIONS = Object.keys(CRUD_LEVELS) as (keyof typeof CRUD_LEVELS)[];

/** Actions beyond list/create/update/delete, per subject. */
export const EXTRA_ACTIONS = {
  role: { assign: 1 },
  website: { settings: 2 },
  instance: { logs: 4 },
  category: { sync: 3, action: 2, review: 4 },
  post: { sync: 3, action: 2, review: 4 },
} as const satisfies Partial<Record<AbilitySubject, Record<string, PermissionLevel>>>;

/**
 * Permissions that belong to no subject's list/create/update/delete, with their level. The seed
 * gives them to the admin roles only.
 */
export const STANDALONE_PERMISSIONS = {
  /** Reads the audit log. */
  'audit-list': 4,
  /** Purges trashed records for good (with the record type's delete ability). */
  'trash-purge': 1,
  /** Reads the fleet's delivery health and every delivery attempt. */
  'delivery-list': 4,
  /** Pauses, resumes, replays and tests a website's deliveries. */
  'delivery-manage': 2,
  /** Creates, changes and deletes the review workflows. */
  'workflow-manage': 2,
  /** Lists and revokes everyone's API tokens, and makes tokens of a role. */
  'token-manage': 1,
  /** Creates, changes and deletes the outgoing event subscriptions, and replays their events. */
  'event-subscription-manage': 2,
  /** Reads the social channels and apps, their tokens' expiry and their quotas. */
  'channel-list': 4,
  /** Adds, connects, changes and deletes social channels and apps. */
  'channel-manage': 2,
  /** Reads what each website earns and costs, and its profit. */
  'economics-list': 4,
  /** Adds and imports revenue and costs, and sets the exchange rates. */
  'economics-manage': 2,
} as const satisfies Record<string, PermissionLevel>;
const STANDALONE_NAMES = Object.keys(STANDALONE_PERMISSIONS) as Ability[];

type ExtraActionOf<R extends AbilitySubject> = R extends keyof typeof EXTRA_ACTIONS
  ? keyof (typeof EXTRA_ACTIONS)[R] & string
  : never;

/**
 * Every permission name, as a literal type: `subject-action` for each subject's CRUD actions
 * and its extra ones. A misspelt ability in a route or a screen fails the type check.
 */
export type Ability =
  | {
      [R in AbilitySubject]: `${R}-${(typeof CRUD_ACTIONS)[number] | ExtraActionOf<R>}`;
    }[AbilitySubject]
  | keyof typeof STANDALONE_PERMISSIONS;

export interface PermissionDefinition {
  name: Ability;
  level: PermissionLevel;
}

const extraActionsOf = (subject: AbilitySubject): Record<string, PermissionLevel> =>
  (EXTRA_ACTIONS as Partial<Record<AbilitySubject, Record<string, PermissionLevel>>>)[subject] ??
  {};

export const PERMISSIONS: readonly PermissionDefinition[] = [
  ...ABILITY_SUBJECTS.flatMap((subject) =>
    [...Object.entries(CRUD_LEVELS), ...Object.entries(extraActionsOf(subject))].map(
      ([action, level]) => ({ name: `${subject}-${action}` as Ability, level }),
    ),
  ),
  ...Object.entries(STANDALONE_PERMISSIONS).map(([name, level]) => ({
    name: name as Ability,
    level,
  })),
];

export const PERMISSION_NAMES: readonly Ability[] = PERMISSIONS.map((p) => p.name);

/** The ability every admin role adds on top of its permissions: it grants everything. */
export const MANAGE_ALL = 'manage-all';

/** An ability a user can hold: a permission, or manage-all. */
export type HeldAbility = Ability | typeof MANAGE_ALL;

/** Role names (compared in lowercase) that grant manage-all. */
export const ADMIN_ROLE_NAMES = ['admin', 'super admin'] as const;
export const SUPER_ADMIN_ROLE = 'super admin';
export const DEFAULT_GUARD = 'web';

const CONTENT_SUBJECTS: AbilitySubject[] = ['website', 'instance', 'category', 'post', 'profile'];

/** The roles the seed creates, with the permissions each one holds. */
export const SEEDED_ROLES: Record<string, readonly Ability[]> = {
  'super admin': PERMISSION_NAMES,
  admin: PERMISSION_NAMES,
  editor: PERMISSION_NAMES.filter((name) =>
    CONTENT_SUBJECTS.some((subject) => name.startsWith(`${subject}-`)),
  ),
  viewer: PERMISSION_NAMES.filter(
    (name) => name.endsWith('-list') && !STANDALONE_NAMES.includes(name),
  ),
};

export function isSuperAdminRoleName(name: string): boolean {
  return name.toLowerCase() === SUPER_ADMIN_ROLE;
}

/** Only a super admin gives or takes the super admin role, or touches a super admin. */
export function holdsSuperAdmin(roleNames: readonly string[]): boolean {
  return roleNames.some(isSuperAdminRoleName);
}

/** Abilities whose screens show websites: any one of them reads the website names. */
export const WEBSITE_READING_ABILITIES = ['website-list', 'category-list', 'post-list'] as const;

export function isAdminRoleName(name: string): boolean {
  return (ADMIN_ROLE_NAMES as readonly string[]).includes(name.toLowerCase());
}

/**
 * What a user may do: their permission names, plus manage-all for the admin roles. The names are
 * the permissions table's, which holds the PERMISSIONS above and nothing else.
 */
export function abilitiesFor(
  roleNames: readonly string[],
  permissionNames: readonly string[],
): HeldAbility[] {
  const abilities = new Set(permissionNames as readonly HeldAbility[]);
  if (roleNames.some(isAdminRoleName)) abilities.add(MANAGE_ALL);
  return [...abilities].sort();
}

/**
 * True when a role of this name and these permissions grants an ability the holder of
 * `abilities` lacks (an admin role grants manage-all, which only a manage-all holder has).
 */
export function roleExceeds(
  abilities: readonly string[],
  roleName: string,
  permissionNames: readonly string[],
): boolean {
  return abilitiesFor([roleName], permissionNames).some(
    (ability) => !hasAbility(abilities, ability),
  );
}

export function hasAbility(abilities: readonly string[], ability: HeldAbility): boolean {
  return abilities.includes(MANAGE_ALL) || abilities.includes(ability);
}

/** True when the abilities grant at least one of those listed. */
export function hasAnyAbility(
  abilities: readonly string[],
  wanted: readonly HeldAbility[],
): boolean {
  return wanted.some((ability) => hasAbility(abilities, ability));
}

/** Each subject's records, as the resource registry names them ('category': 'categories'). */
const SUBJECT_PLURALS: Record<string, string> = {
  ...Object.fromEntries(Object.entries(RESOURCE_NAMES).map(([name, facts]) => [facts.one, name])),
  profile: 'profiles',
};
const CRUD_VERBS: Record<(typeof CRUD_ACTIONS)[number], string> = {
  list: 'See',
  create: 'Create',
  update: 'Edit',
  delete: 'Delete',
};
/** The permissions beyond a subject's list/create/update/delete, each in words. */
const OTHER_PERMISSION_LABELS: Record<
  Exclude<Ability, `${AbilitySubject}-${(typeof CRUD_ACTIONS)[number]}`>,
  string
> = {
  'role-assign': 'Give and revoke role permissions',
  'website-settings': 'Change website settings',
  'instance-logs': 'Read instance logs',
  'category-sync': 'Sync categories',
  'category-action': 'Publish and schedule categories',
  'category-review': 'Review categories',
  'post-sync': 'Sync posts',
  'post-action': 'Publish and schedule posts',
  'post-review': 'Review posts',
  'audit-list': 'Read the audit log',
  'trash-purge': 'Delete trashed records for good',
  'delivery-list': 'See deliveries',
  'delivery-manage': 'Pause, resume and replay deliveries',
  'workflow-manage': 'Manage review workflows',
  'token-manage': "Manage everyone's API tokens",
  'event-subscription-manage': 'Manage outgoing event subscriptions',
  'channel-list': 'See social channels',
  'channel-manage': 'Connect and manage social channels',
  'economics-list': 'See revenue, costs and profit',
  'economics-manage': 'Add revenue and costs, and set exchange rates',
};

/** A permission in words beside its name ('post-review': 'Review posts'); none for another name. */
export function permissionLabel(name: string): string | undefined {
  if (!(PERMISSION_NAMES as readonly string[]).includes(name)) return undefined;
  const other = (OTHER_PERMISSION_LABELS as Record<string, string>)[name];
  if (other) return other;
  const separator = name.indexOf('-');
  const subject = name.slice(0, separator) as AbilitySubject;
  const action = name.slice(separator + 1) as (typeof CRUD_ACTIONS)[number];
  return `${CRUD_VERBS[action]} ${SUBJECT_PLURALS[subject]}`;
}
