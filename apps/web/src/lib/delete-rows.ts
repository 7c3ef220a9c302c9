import { messageSchema } from '@sitefleet/contract';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from './http.ts';
import { notifyFailure } from './toast.tsx';
import { trashTypeOfPath, useUndoableDelete } from './undo-delete.ts';

interface DeleteRowsOptions {
  /** The resource's path, e.g. '/api/users': one row is DELETE {path}/{id}, several DELETE {path}. */
  path: string;
  /** The lists to reload afterwards, e.g. ['users']. */
  listKey: QueryKey;
}

/**
 * DELETE {path}/{id}. Success shows `deletedMessage` (the resource's toast, e.g. 'User deleted
 * successfully!') or, without one, the server's message (e.g. what went with a website); a refusal
 * shows the server's message. The list reloads after a success only, so that a refused delete
 * keeps the ticked rows. A record that goes to the trash gets an Undo in its toast.
 */
export function useDeleteRow({
  path,
  listKey,
  deletedMessage,
}: DeleteRowsOptions & { deletedMessage?: string }) {
  const queryClient = useQueryClient();
  const notifyDeleted = useUndoableDelete();
  return useMutation({
    mutationFn: async (id: number) => messageSchema.parse(await http.delete(`${path}/${id}`)),
    onSuccess: (answer, id) => {
      notifyDeleted(deletedMessage ?? answer.message, trashTypeOfPath(path), [id]);
      return queryClient.invalidateQueries({ queryKey: listKey });
    },
    onError: notifyFailure,
  });
}

/**
 * DELETE {path} with { ids }: the server deletes all or nothing. Success and refusal both show the
 * server's message.
 */
export function useDeleteRows({ path, listKey }: DeleteRowsOptions) {
  const queryClient = useQueryClient();
  const notifyDeleted = useUndoableDelete();
  return useMutation({
    mutationFn: async (ids: number[]) => messageSchema.parse(await http.delete(path, { ids })),
    onSuccess: (answer, ids) => {
      notifyDeleted(answer.message, trashTypeOfPath(path), ids);
      return queryClient.invalidateQueries({ queryKey: listKey });
    },
    onError: notifyFailure,
  });
}
