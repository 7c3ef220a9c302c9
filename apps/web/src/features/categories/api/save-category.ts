import {
  type CategoryCreateInput,
  type CategoryUpdateInput,
  categoryRowSchema,
} from '@sitefleet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { categoriesKey } from './categories.ts';

/** What the form sends: the create fields, and on edit status, auto_google_sync and is_approved. */
export type CategoryPayload = CategoryCreateInput | CategoryUpdateInput;

/** POST /api/categories, or PUT /api/categories/{id}. */
export async function saveCategory(id: number | null, payload: CategoryPayload) {
  const answer =
    id === null
      ? await http.post('/api/categories', payload)
      : await http.put(`/api/categories/${id}`, payload);
  return categoryRowSchema.parse(answer);
}

export function useSaveCategory(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: CategoryPayload) => saveCategory(id, payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoriesKey }),
  });
}
