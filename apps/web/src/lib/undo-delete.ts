import {
  TRASH_MESSAGES,
  TRASH_TYPES,
  type TrashType,
  trashChangedSchema,
  UNDO_DELETE_MS,
} from '@sitefleet/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { http } from './http.ts';
import { notifyFailure, notifySuccess, notifyUndoable } from './toast.tsx';

/** The trash type of a resource's API path ('/api/posts' → 'posts'); none for the untrashed. */
export function trashTypeOfPath(path: string): TrashType | undefined {
  const name = path.split('/').pop();
  return TRASH_TYPES.find((type) => type === name);
}

/** POST /api/trash/{type}/restore { ids }: brings deleted records back. */
export async function restoreFromTrash(type: TrashType, ids: readonly number[]) {
  return trashChangedSchema.parse(await http.post(`/api/trash/${type}/restore`, { ids }));
}

/**
 * After a delete: the success toast offers Undo for UNDO_DELETE_MS, which restores the records
 * from the trash and reloads every query (lists, stats, the trash itself).
 */
export function useUndoableDelete() {
  const queryClient = useQueryClient();
  return useCallback(
    (message: string, type: TrashType | undefined, ids: readonly number[]) => {
      if (!type) {
        notifySuccess(message);
        return;
      }
      notifyUndoable(message, UNDO_DELETE_MS, () => {
        restoreFromTrash(type, ids)
          .then(() => {
            notifySuccess(TRASH_MESSAGES.undone);
            return queryClient.invalidateQueries();
          })
          .catch(notifyFailure);
      });
    },
    [queryClient],
  );
}
