import type { loginSchema, TwoFactorStep } from '@sitefleet/contract';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { loadSession } from '../../../lib/auth-store.ts';
import { http } from '../../../lib/http.ts';
import { paths } from '../../../lib/paths.ts';

export type LoginValues = z.output<typeof loginSchema>;

export async function login(values: LoginValues) {
  const [answer, checks] = await Promise.all([
    http.post('/login', values),
    import('./login-checks.ts'),
  ]);
  return checks.parseLoginAnswer(answer);
}

/**
 * Signs in, loads the session (profile, settings, abilities), then opens the dashboard — or,
 * when the password is right but a second factor is owed, hands that step to `onSecondStep`.
 */
export function useLogin(onSecondStep: (step: TwoFactorStep) => void) {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (values: LoginValues) => {
      const answer = await login(values);
      if ('two_factor' in answer) return answer.two_factor;
      await loadSession();
      return null;
    },
    onSuccess: (step) => (step ? onSecondStep(step) : navigate(paths.dashboard)),
  });
}
