import { operationAbility, type Paginated } from '@sitefleet/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { type AbilityName, useCan } from './abilities.ts';
import { useDeleteRow, useDeleteRows } from './delete-rows.ts';
import { type QueriedResource, resourceQueries } from './resource-queries.ts';
import {
  type ListParams,
  type ListRequest,
  useKeepPageInRange,
  useListParams,
} from './use-list-params.ts';
import {
  type RowKey,
  type RowSelection,
  useListReloadKey,
  useRowSelection,
} from './use-row-selection.ts';

export interface ResourceListOptions<T, F extends string> {
  /**
   * The resource's declaration: its list (path, answer, filters), the key its queries start with
   * (reloaded after a delete), DELETE {path}/{id}, and DELETE {path} with ids.
   */
  resource: QueriedResource<Paginated<T>> & { list: { filters?: readonly F[] } };
  /** What identifies a row: its id, or its type and id (a list of several types, the trash). */
  rowId: (row: T) => RowKey;
  /** The list's filters, each kept in the URL (useListParams); by default the declaration's. */
  filters?: readonly F[];
  /**
   * Filters the screen sets, not the URL, sent with every request and kept in its query key: the
   * admin's list of everyone's API tokens is the same route as one's own with `all=1`.
   */
  fixedFilters?: Partial<Record<F, string>>;
  /**
   * The ability that ticking rows serves (a bulk action; several: any one of them); by default
   * the declaration's delete-several, and without either no checkboxes.
   */
  selectAbility?: AbilityName | readonly AbilityName[];
  /** The toast of a single delete; without one the server's message shows. */
  deletedMessage?: string;
  /** Starts the list's URL parameters, for a second list on the same screen (useListParams). */
  prefix?: string;
}

export interface ResourceList<T, F extends string = never> {
  /** The declaration the list was made from: its name, noun and abilities name its buttons. */
  resource: QueriedResource;
  /** Page, size, search, sort and filters, kept in the URL. */
  params: ListParams<F>;
  rows: UseQueryResult<Paginated<T>>;
  /** The row id the list was declared with, for its table. */
  rowId: (row: T) => RowKey;
  /** Changes with another page, search or filter, or a change saved: a selection ends there. */
  reloadKey: string;
  /** The ticked rows; undefined when the user may not act on a selection. */
  selection: RowSelection | undefined;
  /** The row a single delete asks about, null when none. */
  deleting: T | null;
  askDelete: (row: T) => void;
  cancelDelete: () => void;
  /** DELETE {path}/{id}: the confirmation closes once it succeeds. */
  confirmDelete: (id: number) => void;
  deletePending: boolean;
  /** DELETE {path} with the ticked ids (for Delete Selected). */
  deleteSelected: () => Promise<unknown>;
}

/**
 * Everything an admin list screen keeps: the URL's parameters, the query, the page kept in range
 * after deletes, the selection (cleared at each reload but a live one) and the single and bulk
 * deletes.
 */
export function useResourceList<T, F extends string = never>({
  resource,
  rowId,
  filters = resource.list.filters,
  fixedFilters,
  selectAbility = operationAbility(resource, 'removeMany'),
  deletedMessage,
  prefix,
}: ResourceListOptions<T, F>): ResourceList<T, F> {
  const queries = resourceQueries(resource);
  const params = useListParams<F>({ filters, prefix });
  const { page, perPage, query, sort } = params;
  const request: ListRequest<F> = {
    page,
    perPage,
    query,
    sort,
    filters: fixedFilters ? { ...params.filters, ...fixedFilters } : params.filters,
  };
  const rows = queries.useList(request);
  useKeepPageInRange(rows.data, params.setPage);
  const reloadKey = useListReloadKey(queries.listKey(request));
  const selection = useRowSelection(reloadKey, rows.data?.data.map(rowId) ?? []);
  const canSelect = useCan(selectAbility ?? 'manage-all') && !!selectAbility;

  const [deleting, setDeleting] = useState<T | null>(null);
  const deleteRow = useDeleteRow({ path: resource.path, listKey: queries.key, deletedMessage });
  const deleteRows = useDeleteRows({ path: resource.path, listKey: queries.key });

  return {
    resource,
    params,
    rows,
    rowId,
    reloadKey,
    selection: canSelect ? selection : undefined,
    deleting,
    askDelete: setDeleting,
    cancelDelete: () => setDeleting(null),
    // A refusal closes the confirmation too: its toast says why, and the row stays in the list.
    confirmDelete: (id) => deleteRow.mutate(id, { onSettled: () => setDeleting(null) }),
    deletePending: deleteRow.isPending,
    deleteSelected: () => deleteRows.mutateAsync(selection.selectedIds),
  };
}
