import { useAbility } from '@casl/react';
import {
  TRASH_LIST_ABILITIES,
  TRASH_PURGE_ABILITY,
  TRASH_TYPE_LABELS,
  TRASH_TYPES,
  type TrashEntry,
  type TrashType,
  trashDeleteAbility,
  trashResource,
} from '@sitefleet/contract';
import { useCallback, useState } from 'react';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { ResourceListPage } from '../../../components/ResourceListPage.tsx';
import { type AppAbility, can } from '../../../lib/abilities.ts';
import { useResourceList } from '../../../lib/use-resource-list.ts';
import { idsByType, useEmptyTrash, usePurgeEntries, useRestoreEntries } from '../api/trash.ts';
import { TrashTypeFilter } from '../components/TrashTypeFilter.tsx';
import { useTrashColumns } from '../components/trash-columns.tsx';

const EMPTY_TEXT = 'The trash is empty.';
const recordsText = (count: number) => `${count} ${count === 1 ? 'record' : 'records'}`;
/** A trash row is its type and id: two types may each hold the same id. */
const entryKey = (entry: TrashEntry) => ({ type: entry.type, id: entry.id });

/** What was deleted, newest first: restore it, or delete it for good. */
export function TrashPage() {
  // Whoever sees the trash may restore what it shows (the server checks each type).
  const list = useResourceList({
    rowId: entryKey,
    resource: trashResource,
    selectAbility: TRASH_LIST_ABILITIES,
  });
  const { params, rows } = list;
  const type = TRASH_TYPES.find((t) => t === params.filters.type);
  const selection = list.selection;

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

  const selected = idsByType(selection?.selectedTyped ?? []);
  const selectedCount = selection?.selectedTyped.length ?? 0;
  const purgingCount = (purging ?? []).reduce((sum, [, ids]) => sum + ids.length, 0);
  const canEmpty = (type ? [type] : visibleTypes).some(mayPurge);

  return (
    <ResourceListPage
      title="Trash"
      searchLabel="Search the trash"
      list={list}
      columns={columns}
      filters={
        <TrashTypeFilter
          types={visibleTypes}
          value={type}
          onChange={(t) => params.setFilters({ type: t })}
        />
      }
      selectionActions={
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
              disabled={rows.data?.total === 0}
              onClick={() => setEmptying(true)}
            >
              <i className="bi bi-trash3 me-1" aria-hidden="true" />
              Empty Trash
            </button>
          )}
        </>
      }
      emptyText={params.query ? undefined : EMPTY_TEXT}
    >
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
    </ResourceListPage>
  );
}
