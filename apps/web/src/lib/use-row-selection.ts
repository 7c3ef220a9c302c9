import { useQueryClient } from '@tanstack/react-query';
import type { RowSelectionState, Updater } from '@tanstack/react-table';
import { useCallback, useEffect, useState } from 'react';

/** A row of a table that holds records of several types (the trash), where ids may collide. */
export interface TypedRowKey {
  type: string;
  id: number;
}

/** What identifies a row in a table: its id, or its type and id. */
export type RowKey = number | TypedRowKey;

const TYPE_SEPARATOR = ':';

/** The key as the table's row id: '7', or 'posts:7' (a type never holds the separator). */
export const rowKeyText = (key: RowKey) =>
  typeof key === 'number' ? String(key) : `${key.type}${TYPE_SEPARATOR}${key.id}`;

function typedKey(text: string): TypedRowKey | undefined {
  const at = text.lastIndexOf(TYPE_SEPARATOR);
  return at < 0 ? undefined : { type: text.slice(0, at), id: Number(text.slice(at + 1)) };
}

export interface RowSelection {
  /** TanStack's state: selected row ids (as strings) → true. Give it to DataTable. */
  state: RowSelectionState;
  onChange: (updater: Updater<RowSelectionState>) => void;
  /** The selected rows' ids as numbers, for bulk calls ({ ids }), in a table keyed by id. */
  selectedIds: number[];
  /** The selected rows' types and ids, in a table keyed by both. */
  selectedTyped: TypedRowKey[];
  clear: () => void;
}

const NOTHING_SELECTED: RowSelectionState = {};

/** The ticks of the rows still shown: a row that left the page is no longer acted on. */
function onlyShown(state: RowSelectionState, shown: readonly RowKey[]) {
  const kept: RowSelectionState = {};
  for (const key of shown) {
    const text = rowKeyText(key);
    if (state[text]) kept[text] = true;
  }
  return kept;
}

/**
 * Which rows of a list are ticked. A selection ends whenever the list reloads, as in the original
 * product: pass a `reloadKey` that changes then — `useListReloadKey(queryKey)` covers a new page,
 * search or filter (a new query key) and the reload after a change this tab saved. A selection
 * made under an older key is simply not shown, so no effect and no extra render is needed to clear
 * it. A live update (another user's change, a delivery) reloads the rows without ending the
 * selection: of the rows ticked, those still among `shown` stay ticked.
 */
export function useRowSelection(reloadKey: string, shown: readonly RowKey[]): RowSelection {
  return useSelectionUntil(reloadKey, (state) => onlyShown(state, shown));
}

/**
 * The ticks of a picker, which survive a search, a page and a tab (search, tick, search again,
 * tick): each ticked row is kept by its id, shown or not, until this tab saves a change.
 */
export function useKeptSelection(): RowSelection {
  return useSelectionUntil(String(useSavedChanges()), (state) => state);
}

function useSelectionUntil(
  reloadKey: string,
  kept: (state: RowSelectionState) => RowSelectionState,
): RowSelection {
  const [selection, setSelection] = useState({ key: reloadKey, state: NOTHING_SELECTED });
  const state = kept(selection.key === reloadKey ? selection.state : NOTHING_SELECTED);

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

  const selected = Object.keys(state).filter((id) => state[id]);
  const selectedIds = selected.filter((id) => typedKey(id) === undefined).map(Number);
  const selectedTyped = selected.flatMap((id) => typedKey(id) ?? []);
  return { state, onChange, selectedIds, selectedTyped, clear };
}

/** How many changes this tab has saved (successful mutations) since the component mounted. */
function useSavedChanges(): number {
  const mutations = useQueryClient().getMutationCache();
  const [saved, setSaved] = useState(0);
  useEffect(
    () =>
      mutations.subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success') {
          setSaved((count) => count + 1);
        }
      }),
    [mutations],
  );
  return saved;
}

/**
 * What ends a list's selection: another page, search or filter (its query key), or a change this
 * tab saved, after which the list reloads. Not a live update's reload of the same query.
 */
export function useListReloadKey(queryKey: readonly unknown[]): string {
  return `${JSON.stringify(queryKey)}#${useSavedChanges()}`;
}
