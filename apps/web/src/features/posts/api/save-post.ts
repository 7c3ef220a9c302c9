import { type PostFormInput, postRowSchema } from '@sitefleet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { postsKey } from './posts.ts';

/** POST /api/posts, or PUT /api/posts/{id}. */
export async function savePost(id: number | null, payload: PostFormInput) {
  const answer =
    id === null
      ? await http.post('/api/posts', payload)
      : await http.put(`/api/posts/${id}`, payload);
  return postRowSchema.parse(answer);
}

export function useSavePost(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: PostFormInput) => savePost(id, payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postsKey }),
  });
}
