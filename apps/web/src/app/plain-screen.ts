import { operationAbility } from '@sitefleet/contract';
import { type ComponentType, createElement } from 'react';
import type { PlainResourcePageProps, PlainRow } from '../components/PlainResourcePage.tsx';
import type { AbilityName } from '../lib/abilities.ts';
import type { MenuEntry, ScreenEntry } from './screens.ts';

/**
 * A plain resource's sidebar entry and list screen, its page `PlainResourcePage` made from these
 * props (loaded with its route, as every screen is): a plain resource needs no page of its own,
 * only its entry in SCREENS. Its list's ability is the declaration's.
 */
export function plainScreenEntry<T extends PlainRow>(entry: {
  path: string;
  menu: MenuEntry;
  page: PlainResourcePageProps<T>;
}): ScreenEntry {
  const { page } = entry;
  return {
    name: page.resource.name,
    menu: entry.menu,
    list: {
      path: entry.path,
      ability: operationAbility(page.resource, 'list') as AbilityName,
      load: () =>
        import('../components/PlainResourcePage.tsx').then(
          ({ PlainResourcePage }) =>
            () =>
              createElement(PlainResourcePage as ComponentType<PlainResourcePageProps<T>>, page),
        ),
    },
  };
}
