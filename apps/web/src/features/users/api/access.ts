import { messageSchema, sessionsEndedAnswerSchema } from '@sitefleet/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** DELETE /api/users/{id}/sessions: signs the user out everywhere. */
export function useEndUserSessions() {
  return useMutation({
    mutationFn: async (id: number) =>
      sessionsEndedAnswerSchema.parse(await http.delete(`/api/users/${id}/sessions`)),
  });
}

/** DELETE /api/users/{id}/two-factor: the user signs in with the password alone again. */
export function useResetTwoFactor() {
  return useMutation({
    mutationFn: async (id: number) =>
      messageSchema.parse(await http.delete(`/api/users/${id}/two-factor`)),
  });
}
