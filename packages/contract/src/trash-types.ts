import type { Ability } from './abilities.ts';
import {
  namesWith,
  RESOURCE_NAMES,
  type ResourceFacts,
  trashSubjectsOf,
} from './resource-names.ts';

/**
 * The kinds of trash entry and who may act on them, apart from the trash's schemas so that the
 * app's first load (its menu) needs no schema library.
 */

/** The resources whose deletes go to the trash (resource-names.ts). */
export const TRASH_TYPES = namesWith(RESOURCE_NAMES, 'trash');
export type TrashType = (typeof TRASH_TYPES)[number];

/** The ability subject that governs each type of entry. */
export const TRASH_TYPE_SUBJECTS = trashSubjectsOf(RESOURCE_NAMES);

export const TRASH_TYPE_LABELS = Object.fromEntries(
  TRASH_TYPES.map((type) => [type, RESOURCE_NAMES[type].label]),
) as Record<TrashType, string>;

/** The one permission that governs a type's entries, when its resource names one. */
const trashAbilityOf = (type: TrashType) =>
  (RESOURCE_NAMES[type] as ResourceFacts).trashAbility as Ability | undefined;

/** Who may list, restore or purge a type of entry: its subject's delete ability. */
export const trashDeleteAbility = (type: TrashType): Ability =>
  trashAbilityOf(type) ?? (`${TRASH_TYPE_SUBJECTS[type]}-delete` as Ability);
/** Restoring also suits whoever may create such a record. */
export const trashRestoreAbilities = (type: TrashType): Ability[] => {
  const only = trashAbilityOf(type);
  return only
    ? [only]
    : [trashDeleteAbility(type), `${TRASH_TYPE_SUBJECTS[type]}-create` as Ability];
};
/** Purging for good needs the type's delete ability and this one. */
export const TRASH_PURGE_ABILITY: Ability = 'trash-purge';

/** Every delete ability: any one of them opens the Trash, showing the types it covers. */
export const TRASH_LIST_ABILITIES: readonly Ability[] = TRASH_TYPES.map(trashDeleteAbility);

/** The setting that says after how many days a trashed record is purged. */
export const TRASH_RETENTION_SETTING = 'trash.retention_days';
export const DEFAULT_TRASH_RETENTION_DAYS = 30;
