import type { AbilityName } from '../../lib/abilities.ts';
import { type MenuGroup, SCREENS, type ScreenEntry } from '../screens.ts';

export interface MenuLink {
  label: string;
  /** A Bootstrap Icons class. */
  icon: string;
  to: string;
  /** Shown only with this ability (or any one of these); always shown without one. */
  ability?: AbilityName | readonly AbilityName[];
}

/** The group's sidebar entries: each a link to its list screen, behind the list's ability. */
export function menuLinks(group: MenuGroup, entries: readonly ScreenEntry[] = SCREENS): MenuLink[] {
  return entries
    .filter((entry) => entry.menu.group === group)
    .map(({ menu, list }) => ({
      label: menu.label,
      icon: menu.icon,
      to: list.path,
      ability: list.ability,
    }));
}

/** Entries of the Parameters tree: placeholders, not wired to anything yet. */
export const PARAMETER_PLACEHOLDERS = ['General', 'Integrations', 'Notifications'];
