import {
  messageSchema,
  type SavedViewInput,
  type SavedViewList,
  type SavedViewUpdate,
  savedViewListSchema,
  savedViewSchema,
} from '@sitefleet/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from './http.ts';

const savedViewsKey = (list: SavedViewList) => ['saved-views', list] as const;

/** GET /api/saved-views?list=: the user's views of a list and those shared with everyone. */
export function useSavedViews(list: SavedViewList) {
  return useQuery({
    queryKey: savedViewsKey(list),
    queryFn: async () =>
      savedViewListSchema.parse(await http.get('/api/saved-views', { query: { list } })),
  });
}

/** Every change to a list's views answers with what to read again: that list's views. */
function useViewMutation<V, R>(list: SavedViewList, call: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedViewsKey(list) }),
  });
}

export function useCreateSavedView(list: SavedViewList) {
  return useViewMutation(list, async (input: Omit<SavedViewInput, 'list'>) =>
    savedViewSchema.parse(await http.post('/api/saved-views', { ...input, list })),
  );
}

export function useUpdateSavedView(list: SavedViewList) {
  return useViewMutation(list, async ({ id, ...input }: SavedViewUpdate & { id: number }) =>
    savedViewSchema.parse(await http.put(`/api/saved-views/${id}`, input)),
  );
}

export function useDeleteSavedView(list: SavedViewList) {
  return useViewMutation(list, async (id: number) =>
    messageSchema.parse(await http.delete(`/api/saved-views/${id}`)),
  );
}

/** Makes a view the list's default (an id), or opens the list without one again (null). */
export function useDefaultView(list: SavedViewList) {
  return useViewMutation(list, async (id: number | null) =>
    messageSchema.parse(
      id === null
        ? await http.delete('/api/saved-views/default', undefined, { query: { list } })
        : await http.put(`/api/saved-views/${id}/default`),
    ),
  );
}
