import type { AuthOptions } from '@sitefleet/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** GET /api/auth/options: single sign-on and its label, and whether a password signs in. */
export function useAuthOptions() {
  return useQuery({
    queryKey: ['auth-options'],
    queryFn: () => http.get<AuthOptions>('/api/auth/options'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
