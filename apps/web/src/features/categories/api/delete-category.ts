import { CATEGORY_MESSAGES, categoriesResource, messageSchema } from '@sitefleet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useUndoableDelete } from '../../../lib/undo-delete.ts';
import { categoryQueries } from './categories.ts';

export interface CategoryDeleteRequest {
  id: number;
  /** Where its posts and sub-categories go; the server refuses (422) a category with some without it. */
  moveTo?: number;
}

/** DELETE /api/categories/{id}, with { move_to } when the dependents move elsewhere. */
export async function deleteCategory({ id, moveTo }: CategoryDeleteRequest) {
  return messageSchema.parse(
    await http.delete(
      `${categoriesResource.path}/${id}`,
      moveTo === undefined ? undefined : { move_to: moveTo },
    ),
  );
}

/** The failure is left to the dialog, which shows it and, for dependents, offers the move. */
export function useDeleteCategory() {
  const queryClient = useQueryClient();
  const notifyDeleted = useUndoableDelete();
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: (_answer, { id }) => {
      notifyDeleted(CATEGORY_MESSAGES.deleted, 'categories', [id]);
      return queryClient.invalidateQueries({ queryKey: categoryQueries.key });
    },
  });
}
