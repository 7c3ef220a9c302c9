import { INSTANCE_STAT_FILTERS, RECORD_STAT_FILTERS, type StatKind } from '@sitefleet/contract';
import type { AbilityName } from '../../../lib/abilities.ts';
import { paths } from '../../../lib/paths.ts';

export interface StatBoxDefinition {
  kind: StatKind;
  label: string;
  /** The box shows only to users who may open the list it links to. */
  ability: AbilityName;
  listPath: string;
  filters: readonly string[];
  /** Bootstrap colour of the box. */
  colour: 'primary' | 'success' | 'warning' | 'danger';
  icon: string;
}

export const STAT_BOXES: readonly StatBoxDefinition[] = [
  {
    kind: 'instances',
    label: 'Instances',
    ability: 'instance-list',
    listPath: paths.instances,
    filters: INSTANCE_STAT_FILTERS,
    colour: 'primary',
    icon: 'bi-hdd-stack',
  },
  {
    kind: 'websites',
    label: 'Websites',
    ability: 'website-list',
    listPath: paths.websites,
    filters: RECORD_STAT_FILTERS,
    colour: 'success',
    icon: 'bi-globe2',
  },
  {
    kind: 'posts',
    label: 'Posts',
    ability: 'post-list',
    listPath: paths.posts,
    filters: RECORD_STAT_FILTERS,
    colour: 'warning',
    icon: 'bi-file-earmark-text',
  },
  {
    kind: 'categories',
    label: 'Categories',
    ability: 'category-list',
    listPath: paths.categories,
    filters: RECORD_STAT_FILTERS,
    colour: 'danger',
    icon: 'bi-tags',
  },
];
