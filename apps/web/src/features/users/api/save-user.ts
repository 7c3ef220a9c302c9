import { type UserUpdateInput, userRowSchema } from '@sitefleet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { usersKey } from './users.ts';

/** What the user form sends: on create the password is required (the form's schema checks it). */
export type UserPayload = Omit<UserUpdateInput, 'id'>;

/** POST /api/users, or PUT /api/users/{id} with the id (an empty password keeps the stored one). */
export async function saveUser(id: number | null, payload: UserPayload) {
  const answer =
    id === null
      ? await http.post('/api/users', payload)
      : await http.put(`/api/users/${id}`, { ...payload, id });
  return userRowSchema.parse(answer);
}

export function useSaveUser(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: UserPayload) => saveUser(id, payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
