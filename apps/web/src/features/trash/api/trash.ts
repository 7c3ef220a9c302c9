import {
  TRASH_MESSAGES,
  TRASH_TYPES,
  type TrashEntry,
  type TrashType,
  trashChangedSchema,
  trashPageSchema,
} from '@sitefleet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { resourceQueries } from '../../../lib/resource-queries.ts';
import { notifyFailure, notifySuccess } from '../../../lib/toast.tsx';
import { restoreFromTrash } from '../../../lib/undo-delete.ts';

/**
 * The trash's list, GET /api/trash?page=&per_page=&query=&type=: the trash is no resource of the
 * contract's, so its list is declared here.
 */
export const trashQueries = resourceQueries({
  name: 'trash',
  path: '/api/trash',
  list: { answer: trashPageSchema },
});

/**
 * A row's number for the table's selection: the same id may be trashed in two types, so the type
 * is part of it (a number still exactly represented: type index × 2³² + id).
 */
export const entryKey = (entry: Pick<TrashEntry, 'type' | 'id'>) =>
  TRASH_TYPES.indexOf(entry.type) * 2 ** 32 + entry.id;

/** The selected rows' keys grouped by type, for one call per type. */
export function idsByType(keys: readonly number[]): [TrashType, number[]][] {
  const groups = new Map<TrashType, number[]>();
  for (const key of keys) {
    const type = TRASH_TYPES[Math.floor(key / 2 ** 32)]!;
    groups.set(type, [...(groups.get(type) ?? []), key % 2 ** 32]);
  }
  return [...groups];
}

/** DELETE /api/trash/{type} { ids }: deleted for good. */
async function purgeFromTrash(type: TrashType, ids: readonly number[]) {
  return trashChangedSchema.parse(await http.delete(`/api/trash/${type}`, { ids }));
}

/**
 * Restores or purges entries, one call per type, then reloads everything (restored records
 * reappear in their lists and stats). Answers how many changed.
 */
function useTrashChange(change: typeof restoreFromTrash, done: (count: number) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (groups: [TrashType, number[]][]) => {
      let count = 0;
      for (const [type, ids] of groups) count += (await change(type, ids)).count;
      return count;
    },
    onSuccess: (count) => {
      notifySuccess(done(count));
      return queryClient.invalidateQueries();
    },
    onError: notifyFailure,
  });
}

export const useRestoreEntries = () => useTrashChange(restoreFromTrash, TRASH_MESSAGES.restored);
export const usePurgeEntries = () => useTrashChange(purgeFromTrash, TRASH_MESSAGES.purged);

/** POST /api/trash/empty, of one type or all the caller may purge. */
export function useEmptyTrash() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (type: TrashType | undefined) =>
      trashChangedSchema.parse(await http.post('/api/trash/empty', type ? { type } : {})),
    onSuccess: (answer) => {
      notifySuccess(answer.message);
      return queryClient.invalidateQueries({ queryKey: trashQueries.key });
    },
    onError: notifyFailure,
  });
}
