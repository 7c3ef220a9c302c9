import { TRASH_LIST_ABILITIES } from '@sitefleet/contract';
import type { AbilityName } from '../../lib/abilities.ts';
import { paths } from '../../lib/paths.ts';

export interface MenuLink {
  label: string;
  /** A Bootstrap Icons class. */
  icon: string;
  to: string;
  /** Shown only with this ability (or any one of these); always shown without one. */
  ability?: AbilityName | readonly AbilityName[];
}

export const DASHBOARD_LINK: MenuLink = {
  label: 'Dashboard',
  icon: 'bi-speedometer',
  to: paths.dashboard,
};

export const PROFILE_LINK: MenuLink = {
  label: 'Profile',
  icon: 'bi-person-badge',
  to: paths.profile,
  ability: 'profile-list',
};

/** The managed resources, each behind its list ability (server semantics: no link is unguarded). */
export const RESOURCE_LINKS: MenuLink[] = [
  { label: 'Websites', icon: 'bi-globe2', to: paths.websites, ability: 'website-list' },
  { label: 'Instances', icon: 'bi-hdd-stack', to: paths.instances, ability: 'instance-list' },
  { label: 'Categories', icon: 'bi-tags', to: paths.categories, ability: 'category-list' },
  { label: 'Posts', icon: 'bi-file-earmark-text', to: paths.posts, ability: 'post-list' },
  { label: 'Users', icon: 'bi-people', to: paths.users, ability: 'user-list' },
  { label: 'Roles', icon: 'bi-shield-lock', to: paths.roles, ability: 'role-list' },
  { label: 'Settings', icon: 'bi-gear', to: paths.settings, ability: 'setting-list' },
];

/** Whoever may delete something finds it again here. */
export const TRASH_LINK: MenuLink = {
  label: 'Trash',
  icon: 'bi-trash3',
  to: paths.trash,
  ability: TRASH_LIST_ABILITIES,
};

/** Entries of the Parameters tree: placeholders, not wired to anything yet. */
export const PARAMETER_PLACEHOLDERS = ['General', 'Integrations', 'Notifications'];
