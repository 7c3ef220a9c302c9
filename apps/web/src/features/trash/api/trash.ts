import {
  TRASH_MESSAGES,
  TRASH_TYPES,
  type TrashType,
  trashChangedSchema,
  trashResource,
} from '@sitefleet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { resourceQueries } from '../../../lib/resource-queries.ts';
import { notifyFailure, notifySuccess } from '../../../lib/toast.tsx';
import { restoreFromTrash } from '../../../lib/undo-delete.ts';
import type { TypedRowKey } from '../../../lib/use-row-selection.ts';

/** The trash's list, GET /api/trash?page=&per_page=&query=&type=. */
export const trashQueries = resourceQueries(trashResource);

/** The ticked rows grouped by type, for one call per type; a type the contract lacks is left out. */
export function idsByType(rows: readonly TypedRowKey[]): [TrashType, number[]][] {
  const groups = new Map<TrashType, number[]>();
  for (const { type, id } of rows) {
    const known = TRASH_TYPES.find((candidate) => candidate === type);
    if (known) groups.set(known, [...(groups.get(known) ?? []), id]);
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
