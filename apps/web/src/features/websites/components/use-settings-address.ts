import { type Website, websitesResource } from '@sitefleet/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { SETTINGS_PARAM, SETTINGS_TAB_PARAM } from '../../../lib/paths.ts';
import { resourceQueries } from '../../../lib/resource-queries.ts';
import { ADVANCE_SETTINGS_TABS, type AdvanceSettingsTab } from './settings-form.ts';

const websites = resourceQueries(websitesResource);

/**
 * The Advance Settings dialog kept in the address (`?settings=4&tab=webhook`), so that a link, such
 * as a refused push's toast, opens it on a website and a tab. Opening adds a history entry; closing
 * replaces it, so that Back does not reopen a dialog just closed. The website comes from the
 * list's page when it is there, else from its own address; one that cannot be loaded still opens
 * the dialog, which then says why its settings do not show.
 */
export function useSettingsAddress(rows: readonly Website[] | undefined) {
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = Number(searchParams.get(SETTINGS_PARAM));
  const websiteId = Number.isInteger(asked) && asked > 0 ? asked : null;
  const tab: AdvanceSettingsTab | undefined = ADVANCE_SETTINGS_TABS.find(
    (candidate) => candidate === searchParams.get(SETTINGS_TAB_PARAM),
  );

  const listed = rows?.find((row) => row.id === websiteId);
  const fetched = useQuery({
    queryKey: websites.oneKey(websiteId ?? 0),
    queryFn: () => websites.fetchOne(websiteId ?? 0),
    enabled: websiteId !== null && listed === undefined,
  });
  const fallback =
    websiteId !== null && fetched.isError ? { id: websiteId, name: `#${websiteId}` } : undefined;
  const website = websiteId === null ? undefined : (listed ?? fetched.data ?? fallback);

  // The router makes a new setter at every change of address; the list's columns take `open`, and
  // new columns would mount their cells again, the opener's button included, whose focus is lost.
  const setParams = useRef(setSearchParams);
  setParams.current = setSearchParams;
  const change = useCallback(
    (id: number | null) =>
      setParams.current(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(SETTINGS_TAB_PARAM);
          if (id === null) next.delete(SETTINGS_PARAM);
          else next.set(SETTINGS_PARAM, String(id));
          return next;
        },
        { replace: id === null },
      ),
    [],
  );
  // The dialog closes by a change of address, which unmounts it at once: the focus goes back to
  // the button that opened it by hand, as a dialog that closes by itself would do.
  const opener = useRef<HTMLElement | null>(null);
  return {
    website,
    tab,
    open: useCallback(
      (row: Website) => {
        opener.current =
          document.activeElement instanceof HTMLElement ? document.activeElement : null;
        change(row.id);
      },
      [change],
    ),
    close: useCallback(() => {
      change(null);
      const button = opener.current;
      opener.current = null;
      if (button) requestAnimationFrame(() => button.focus());
    }, [change]),
  };
}
