import { useState } from 'react';
import { useLocation } from 'react-router';
import { createPersistedChoice, usePersistedChoice } from '../../lib/persisted-choice.ts';
import { useBodyClass } from '../../lib/use-body-class.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';

const sidebarChoice = createPersistedChoice<'expanded' | 'collapsed'>(
  'sitefleet.sidebar',
  ['expanded', 'collapsed'],
  'expanded',
);

/** Below AdminLTE's sidebar-expand-lg breakpoint the sidebar slides over the page instead. */
const NARROW_SCREEN_QUERY = '(max-width: 991.98px)';

/**
 * The menu toggle. On wide screens it collapses the sidebar to icons and the choice is remembered;
 * on narrow screens it opens the sidebar over the page until the next navigation.
 */
export function useSidebarToggle() {
  const wideState = usePersistedChoice(sidebarChoice);
  const isNarrow = useMediaQuery(NARROW_SCREEN_QUERY);
  const { pathname } = useLocation();
  // The path the narrow sidebar was opened on: navigating elsewhere closes it.
  const [openedOnPath, setOpenedOnPath] = useState<string | null>(null);
  const narrowOpen = openedOnPath === pathname;

  useBodyClass('sidebar-collapse', !isNarrow && wideState === 'collapsed');
  useBodyClass('sidebar-open', isNarrow && narrowOpen);

  const toggle = () => {
    if (isNarrow) setOpenedOnPath(narrowOpen ? null : pathname);
    else sidebarChoice.set(wideState === 'collapsed' ? 'expanded' : 'collapsed');
  };
  return {
    expanded: isNarrow ? narrowOpen : wideState === 'expanded',
    narrowOpen,
    toggle,
    closeNarrow: () => setOpenedOnPath(null),
  };
}
