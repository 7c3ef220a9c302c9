import {
  type TwoFactorLoginInput,
  twoFactorLoginAnswerSchema,
  twoFactorSetupSchema,
} from '@sitefleet/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { loadSession } from '../../../lib/auth-store.ts';
import { http } from '../../../lib/http.ts';
import { paths } from '../../../lib/paths.ts';

/** POST /login/two-factor: the code (or recovery code) that finishes the sign-in. */
export async function sendSecondFactor(input: TwoFactorLoginInput) {
  return twoFactorLoginAnswerSchema.parse(await http.post('/login/two-factor', input));
}

/** Loads the session and opens the dashboard, once the second step is passed. */
export function useEnterApp() {
  const navigate = useNavigate();
  return async () => {
    await loadSession();
    await navigate(paths.dashboard);
  };
}

/**
 * Finishes the sign-in. When the step also turned two-factor sign-in on (a role requires it),
 * the answer's recovery codes are handed back, to be shown before the app opens.
 */
export function useSecondFactor() {
  const enterApp = useEnterApp();
  return useMutation({
    mutationFn: async (input: TwoFactorLoginInput) => {
      const answer = await sendSecondFactor(input);
      if (answer.recovery_codes) return answer.recovery_codes;
      await enterApp();
      return null;
    },
  });
}

/** POST /login/two-factor/setup: the secret to scan, asked once per visit of the step. */
export function useLoginTwoFactorSetup() {
  return useQuery({
    queryKey: ['login', 'two-factor-setup'],
    queryFn: async () => twoFactorSetupSchema.parse(await http.post('/login/two-factor/setup')),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
}
