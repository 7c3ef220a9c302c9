import type { Paginated } from '@sitefleet/contract';
import type { QueryKey, UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { type AbilityName, useCan } from './abilities.ts';
import { useDeleteRow, useDeleteRows } from './delete-rows.ts';
import {
  type ListParams,
  type ListSort,
  useKeepPageInRange,
  useListParams,
} from './use-list-params.ts';
import { listReloadKey, type RowSelection, useRowSelection } from './use-row-selection.ts';

/** The request of a list without filters: what most resources' list hooks take. */
export interface PlainListRequest {
  page: number;
  perPage: number;
  query: string;
  sort: ListSort | null;
}

export interface ResourceListOptions<T, R, F extends string = never> {
  /** The resource's API path, e.g. '/api/users': DELETE {path}/{id}, and DELETE {path} with ids. */
  path: string;
  /** The key every query of the resource starts with, reloaded after a delete, e.g. ['users']. */
  resourceKey: QueryKey;
  /** The list's filters, each kept in the URL (useListParams). */
  filters?: readonly F[];
  /** The feature's request built from the URL's parameters; by default page, size, search, sort. */
  request?: (params: ListParams<F>) => R;
  /** The feature's list query (e.g. useUsers) and the key it runs under. */
  useRows: (request: R) => UseQueryResult<Paginated<T>>;
  rowsKey: (request: R) => QueryKey;
  /** The ability that ticking rows serves (delete, or a bulk action); without it no checkboxes. */
  selectAbility?: AbilityName;
  /** The toast of a single delete; without one the server's message shows. */
  deletedMessage?: string;
}

export interface ResourceList<T, R, F extends string = never> {
  /** Page, size, search, sort and filters, kept in the URL. */
  params: ListParams<F>;
  request: R;
  rows: UseQueryResult<Paginated<T>>;
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

const plainRequest = <F extends string>({ page, perPage, query, sort }: ListParams<F>) => ({
  page,
  perPage,
  query,
  sort,
});

/**
 * Everything an admin list screen keeps: the URL's parameters, the query, the page kept in range
 * after deletes, the selection (cleared at each reload) and the single and bulk deletes.
 */
export function useResourceList<T, R = PlainListRequest, F extends string = never>(
  options: ResourceListOptions<T, R, F>,
): ResourceList<T, R, F> {
  const params = useListParams<F>({ filters: options.filters });
  const request = (options.request ?? (plainRequest as (params: ListParams<F>) => R))(params);
  const rows = options.useRows(request);
  useKeepPageInRange(rows.data, params.setPage);
  const selection = useRowSelection(listReloadKey(rows, options.rowsKey(request)));
  const canSelect = useCan(options.selectAbility ?? 'manage-all') && !!options.selectAbility;

  const [deleting, setDeleting] = useState<T | null>(null);
  const deleteRow = useDeleteRow({
    path: options.path,
    listKey: options.resourceKey,
    deletedMessage: options.deletedMessage,
  });
  const deleteRows = useDeleteRows({ path: options.path, listKey: options.resourceKey });

  return {
    params,
    request,
    rows,
    selection: canSelect ? selection : undefined,
    deleting,
    askDelete: setDeleting,
    cancelDelete: () => setDeleting(null),
    confirmDelete: (id) => deleteRow.mutate(id, { onSuccess: () => setDeleting(null) }),
    deletePending: deleteRow.isPending,
    deleteSelected: () => deleteRows.mutateAsync(selection.selectedIds),
  };
}
