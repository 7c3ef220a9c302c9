import { ACTION_MESSAGES, isEmptyFilter } from '@sitefleet/contract';
import { useState } from 'react';
import type { RowSelection } from '../../lib/use-row-selection.ts';

export interface MatchingSelection {
  /** Every row of the page is ticked. */
  pageAllSelected: boolean;
  /** The selection is every row the list's filter finds, on every page. */
  allMatching: boolean;
  selectMatching: () => void;
  clear: () => void;
}

/**
 * "Select all N matching" after every row of the page is ticked: the bulk action then goes to the
 * list's filter instead of the ticked ids. Like the ticks, it ends when the list reloads.
 */
export function useSelectAllMatching(
  selection: RowSelection | undefined,
  pageRows: number,
  reloadKey: string,
): MatchingSelection {
  const [matchingKey, setMatchingKey] = useState<string | null>(null);
  const pageAllSelected =
    selection !== undefined && pageRows > 0 && selection.selectedIds.length === pageRows;
  return {
    pageAllSelected,
    allMatching: pageAllSelected && matchingKey === reloadKey,
    selectMatching: () => setMatchingKey(reloadKey),
    clear: () => {
      setMatchingKey(null);
      selection?.clear();
    },
  };
}

/**
 * What a bulk action sends for the selection: the ticked ids, or the list's filter (its search
 * and filters; with `all` when they narrow nothing, as the person chose every row).
 */
export function actionTarget(
  matching: MatchingSelection,
  selectedIds: number[],
  filter: Record<string, string | undefined>,
): { ids: number[] } | { filter: Record<string, string>; all?: true } {
  if (!matching.allMatching) return { ids: selectedIds };
  const sent: Record<string, string> = {};
  for (const [name, value] of Object.entries(filter)) if (value) sent[name] = value;
  return isEmptyFilter(sent) ? { filter: sent, all: true as const } : { filter: sent };
}

/** The banner above a list whose page is all ticked, offering every matching row. */
export function SelectAllMatchingBanner({
  matching,
  pageRows,
  total,
}: {
  matching: MatchingSelection;
  pageRows: number;
  total: number;
}) {
  if (!matching.pageAllSelected || total <= pageRows) return null;
  return (
    <div
      className="alert alert-info d-flex flex-wrap align-items-center gap-2 py-2 mb-2"
      role="status"
    >
      {matching.allMatching ? (
        <>
          <span>{ACTION_MESSAGES.allMatchingSelected(total)}</span>
          <button type="button" className="btn btn-link btn-sm p-0" onClick={matching.clear}>
            {ACTION_MESSAGES.clearSelection}
          </button>
        </>
      ) : (
        <>
          <span>{ACTION_MESSAGES.pageSelected(pageRows)}</span>
          <button
            type="button"
            className="btn btn-link btn-sm p-0"
            onClick={matching.selectMatching}
          >
            {ACTION_MESSAGES.selectAllMatching(total)}
          </button>
        </>
      )}
    </div>
  );
}
