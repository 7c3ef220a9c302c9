import {
  activeSessionListSchema,
  messageSchema,
  type RecoveryCodesRegenerateInput,
  recoveryCodesAnswerSchema,
  sessionsEndedAnswerSchema,
  type TwoFactorDisableInput,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@sitefleet/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

const twoFactorKey = ['profile', 'two-factor'] as const;
const sessionsKey = ['profile', 'sessions'] as const;

/** GET /api/profile/two-factor: on or off, required by a role, recovery codes left. */
export function useTwoFactorStatus() {
  return useQuery({
    queryKey: twoFactorKey,
    queryFn: async () => twoFactorStatusSchema.parse(await http.get('/api/profile/two-factor')),
  });
}

/** Turning on, or off, ends the other sessions: the status and the sessions are read again. */
function useRefreshSecurity() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: twoFactorKey }),
      queryClient.invalidateQueries({ queryKey: sessionsKey }),
    ]);
}

/** POST /api/profile/two-factor/setup: a new secret to scan. */
export function useStartTwoFactorSetup() {
  return useMutation({
    mutationFn: async () =>
      twoFactorSetupSchema.parse(await http.post('/api/profile/two-factor/setup')),
  });
}

/** POST /api/profile/two-factor/enable: the recovery codes, shown once. */
export function useEnableTwoFactor() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: async (code: string) =>
      recoveryCodesAnswerSchema.parse(await http.post('/api/profile/two-factor/enable', { code })),
    onSuccess: refresh,
  });
}

/** POST /api/profile/two-factor/recovery-codes: new codes, shown once; the old ones end. */
export function useRegenerateRecoveryCodes() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: async (input: RecoveryCodesRegenerateInput) =>
      recoveryCodesAnswerSchema.parse(
        await http.post('/api/profile/two-factor/recovery-codes', input),
      ),
    onSuccess: refresh,
  });
}

export function useDisableTwoFactor() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: async (input: TwoFactorDisableInput) =>
      messageSchema.parse(await http.post('/api/profile/two-factor/disable', input)),
    onSuccess: refresh,
  });
}

/**
 * Sessions come and go elsewhere (another browser signs in), so opening the tab reads them again.
 * Remounting alone is not enough: a tab clicked away and back within its fade is never unmounted.
 */
export function useRefreshSessions() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: sessionsKey });
}

/** GET /api/profile/sessions */
export function useSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: async () => activeSessionListSchema.parse(await http.get('/api/profile/sessions')),
  });
}

export function useEndSession() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: async (id: string) =>
      messageSchema.parse(await http.delete(`/api/profile/sessions/${id}`)),
    onSuccess: refresh,
  });
}

export function useEndOtherSessions() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: async () =>
      sessionsEndedAnswerSchema.parse(await http.post('/api/profile/sessions/sign-out-others')),
    onSuccess: refresh,
  });
}
