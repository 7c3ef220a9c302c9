import type { Ability, AbilitySubject } from './abilities.ts';

/**
 * The kinds of trash entry and who may act on them, apart from the trash's schemas so that the
 * app's first load (its menu) needs no schema library.
 */

export const TRASH_TYPES = [
  'websites',
  'instances',
  'categories',
  'posts',
  'users',
  'roles',
] as const;
export type TrashType = (typeof TRASH_TYPES)[number];

/** The ability subject that governs each type of entry. */
export const TRASH_TYPE_SUBJECTS = {
  websites: 'website',
  instances: 'instance',
  categories: 'category',
  posts: 'post',
  users: 'user',
  roles: 'role',
} as const satisfies Record<TrashType, AbilitySubject>;

export const TRASH_TYPE_LABELS: Record<TrashType, string> = {
  websites: 'Website',
  instances: 'Instance',
  categories: 'Category',
  posts: 'Post',
  users: 'User',
  roles: 'Role',
};

/** Who may list, restore or purge a type of entry: its subject's delete ability. */
export const trashDeleteAbility = (type: TrashType): Ability =>
  `${TRASH_TYPE_SUBJECTS[type]}-delete` as Ability;
/** Restoring also suits whoever may create such a record. */
export const trashRestoreAbilities = (type: TrashType): Ability[] => [
  trashDeleteAbility(type),
  `${TRASH_TYPE_SUBJECTS[type]}-create` as Ability,
];
/** Purging for good needs the type's delete ability and this one. */
export const TRASH_PURGE_ABILITY: Ability = 'trash-purge';

/** Every delete ability: any one of them opens the Trash, showing the types it covers. */
export const TRASH_LIST_ABILITIES: readonly Ability[] = TRASH_TYPES.map(trashDeleteAbility);

/** The setting that says after how many days a trashed record is purged. */
export const TRASH_RETENTION_SETTING = 'trash.retention_days';
export const DEFAULT_TRASH_RETENTION_DAYS = 30;
