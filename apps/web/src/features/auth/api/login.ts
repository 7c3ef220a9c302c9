import { loginAnswerSchema, type loginSchema } from '@sitefleet/contract';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { loadSession } from '../../../lib/auth-store.ts';
import { http } from '../../../lib/http.ts';
import { paths } from '../../../lib/paths.ts';

export type LoginValues = z.output<typeof loginSchema>;

export async function login(values: LoginValues) {
  return loginAnswerSchema.parse(await http.post('/login', values));
}

/** Signs in, loads the session (profile, settings, abilities), then opens the dashboard. */
export function useLogin() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (values: LoginValues) => {
      await login(values);
      await loadSession();
    },
    onSuccess: () => navigate(paths.dashboard),
  });
}
