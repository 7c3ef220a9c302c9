import type { RowSelectionState, Updater } from '@tanstack/react-table';
import { useCallback, useState } from 'react';

export interface RowSelection {
  /** TanStack's state: selected row ids (as strings) → true. Give it to DataTable. */
  state: RowSelectionState;
  onChange: (updater: Updater<RowSelectionState>) => void;
  /** The selected rows' ids as numbers, for bulk calls ({ ids }). */
  selectedIds: number[];
  clear: () => void;
}

const NOTHING_SELECTED: RowSelectionState = {};

/**
 * Which rows of a list are ticked. The spec clears a selection whenever the list reloads: pass a
 * `reloadKey` that changes then — `listReloadKey(query)` covers a new page, search or filter (a new
 * query key) and a refetch after a change (a new `dataUpdatedAt`). A selection made under an older
 * key is simply not shown, so no effect and no extra render is needed to clear it.
 */
export function useRowSelection(reloadKey: string): RowSelection {
  const [selection, setSelection] = useState({ key: reloadKey, state: NOTHING_SELECTED });
  const state = selection.key === reloadKey ? selection.state : NOTHING_SELECTED;

  const onChange = useCallback(
    (updater: Updater<RowSelectionState>) =>
      setSelection((previous) => {
        const current = previous.key === reloadKey ? previous.state : NOTHING_SELECTED;
        const next = typeof updater === 'function' ? updater(current) : updater;
        return { key: reloadKey, state: next };
      }),
    [reloadKey],
  );
  const clear = useCallback(
    () => setSelection({ key: reloadKey, state: NOTHING_SELECTED }),
    [reloadKey],
  );

  const selectedIds = Object.keys(state)
    .filter((id) => state[id])
    .map(Number);
  return { state, onChange, selectedIds, clear };
}

/** What identifies one load of a list: its query key and when its answer arrived. */
export function listReloadKey(query: { dataUpdatedAt: number }, queryKey: readonly unknown[]) {
  return `${JSON.stringify(queryKey)}@${query.dataUpdatedAt}`;
}
