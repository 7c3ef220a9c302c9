import { useAbility } from '@casl/react';
import {
  TRASH_PURGE_ABILITY,
  TRASH_TYPE_LABELS,
  TRASH_TYPES,
  type TrashEntry,
  type TrashType,
  trashDeleteAbility,
} from '@sitefleet/contract';
import { useCallback, useState } from 'react';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { DataTable } from '../../../components/DataTable.tsx';
import { ListCard } from '../../../components/ListCard.tsx';
import { Page } from '../../../components/Page.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { SearchBox } from '../../../components/SearchBox.tsx';
import { type AppAbility, can } from '../../../lib/abilities.ts';
import {
  type ListRequest,
  useKeepPageInRange,
  useListParams,
} from '../../../lib/use-list-params.ts';
import { listReloadKey, useRowSelection } from '../../../lib/use-row-selection.ts';
import {
  entryKey,
  idsByType,
  trashQueries,
  useEmptyTrash,
  usePurgeEntries,
  useRestoreEntries,
} from '../api/trash.ts';
import { TrashTypeFilter } from '../components/TrashTypeFilter.tsx';
import { useTrashColumns } from '../components/trash-columns.tsx';

const EMPTY_TEXT = 'The trash is empty.';
const recordsText = (count: number) => `${count} ${count === 1 ? 'record' : 'records'}`;

/** What was deleted, newest first: restore it, or delete it for good. */
export function TrashPage() {
  const list = useListParams({ filters: ['type'] as const });
  const type = TRASH_TYPES.find((t) => t === list.filters.type);
  const { page, perPage, query } = list;
  // The trash has no header sort.
  const request: ListRequest<'type'> = { page, perPage, query, sort: null, filters: { type } };
  const trash = trashQueries.useList(request);
  useKeepPageInRange(trash.data, list.setPage);
  const selection = useRowSelection(listReloadKey(trash, trashQueries.listKey(request)));

  const ability = useAbility<AppAbility>();
  const visibleTypes = TRASH_TYPES.filter((t) => can(ability, trashDeleteAbility(t)));
  const mayPurge = useCallback(
    (t: TrashType) => can(ability, TRASH_PURGE_ABILITY) && can(ability, trashDeleteAbility(t)),
    [ability],
  );
  const canPurgeEntry = useCallback((entry: TrashEntry) => mayPurge(entry.type), [mayPurge]);

  const restore = useRestoreEntries();
  const purge = usePurgeEntries();
  const empty = useEmptyTrash();
  const [purging, setPurging] = useState<[TrashType, number[]][] | null>(null);
  const [emptying, setEmptying] = useState(false);

  const columns = useTrashColumns({
    onRestore: useCallback(
      (entry: TrashEntry) => restore.mutate([[entry.type, [entry.id]]]),
      [restore.mutate],
    ),
    onPurge: useCallback((entry: TrashEntry) => setPurging([[entry.type, [entry.id]]]), []),
    canPurge: canPurgeEntry,
  });

  const selected = idsByType(selection.selectedIds);
  const selectedCount = selection.selectedIds.length;
  const purgingCount = (purging ?? []).reduce((sum, [, ids]) => sum + ids.length, 0);
  const canEmpty = (type ? [type] : visibleTypes).some(mayPurge);

  return (
    <Page title="Trash">
      <ListCard
        search={
          <div className="d-flex flex-wrap align-items-center gap-2">
            <SearchBox value={list.query} onSearch={list.setQuery} label="Search the trash" />
            <TrashTypeFilter
              types={visibleTypes}
              value={type}
              onChange={(t) => list.setFilters({ type: t })}
            />
          </div>
        }
        actions={
          <>
            {selectedCount > 0 && (
              <button
                type="button"
                className="btn btn-success btn-sm"
                disabled={restore.isPending}
                onClick={() => restore.mutate(selected)}
              >
                <i className="bi bi-arrow-counterclockwise me-1" aria-hidden="true" />
                Restore Selected ({selectedCount})
              </button>
            )}
            {selectedCount > 0 && selected.every(([t]) => mayPurge(t)) && (
              <button
                type="button"
                className="btn btn-danger btn-sm"
                onClick={() => setPurging(selected)}
              >
                <i className="bi bi-x-octagon me-1" aria-hidden="true" />
                Purge Selected ({selectedCount})
              </button>
            )}
            {canEmpty && (
              <button
                type="button"
                className="btn btn-outline-danger btn-sm"
                disabled={trash.data?.total === 0}
                onClick={() => setEmptying(true)}
              >
                <i className="bi bi-trash3 me-1" aria-hidden="true" />
                Empty Trash
              </button>
            )}
          </>
        }
        footer={
          <Pagination
            page={trash.data}
            onPageChange={list.setPage}
            perPage={list.perPage}
            onPerPageChange={list.setPerPage}
            label="Trash pages"
          />
        }
      >
        <DataTable
          label="Trash"
          columns={columns}
          rows={trash.data?.data}
          rowId={entryKey}
          selection={selection}
          isFetching={trash.isFetching}
          error={trash.error}
          emptyText={list.query ? undefined : EMPTY_TEXT}
        />
      </ListCard>

      <ConfirmModal
        show={purging !== null}
        title="Delete for good"
        confirmLabel="Delete for good"
        busy={purge.isPending}
        onConfirm={() => purging && purge.mutate(purging, { onSuccess: () => setPurging(null) })}
        onCancel={() => setPurging(null)}
      >
        Delete {recordsText(purgingCount)} for good? This cannot be undone.
      </ConfirmModal>

      <ConfirmModal
        show={emptying}
        title="Empty Trash"
        confirmLabel="Empty Trash"
        busy={empty.isPending}
        onConfirm={() => empty.mutate(type, { onSuccess: () => setEmptying(false) })}
        onCancel={() => setEmptying(false)}
      >
        Delete every {type ? TRASH_TYPE_LABELS[type].toLowerCase() : 'record'} in the trash for
        good? This cannot be undone.
      </ConfirmModal>
    </Page>
  );
}
