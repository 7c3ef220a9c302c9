import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { signOutThrough } from '../../../lib/auth-store.ts';
import { http } from '../../../lib/http.ts';
import { paths } from '../../../lib/paths.ts';

export function logout() {
  return http.post('/logout');
}

/** Ends the session on the server and forgets the user here, even if the call fails. */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: async () => {
      // Leave the admin screens first, so none of them renders without a user.
      await signOutThrough(() => navigate(paths.login));
      queryClient.removeQueries();
    },
  });
}
