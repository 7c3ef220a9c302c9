import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { clearSession } from '../lib/auth-store.ts';
import { isApiError } from '../lib/http.ts';
import { paths } from '../lib/paths.ts';
import { auditLogKey } from '../lib/query-keys.ts';
import { router } from './router.tsx';

/** A call answered 401 mid-use: the session ended, so the user signs in again. */
function endExpiredSession(error: Error): void {
  if (!isApiError(error, 401)) return;
  clearSession();
  queryClient.clear();
  void router.navigate(paths.login);
}

/** Client errors (4xx) will not change on a retry; a failing server or network gets one more try. */
function shouldRetry(failureCount: number, error: Error): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: endExpiredSession }),
  mutationCache: new MutationCache({
    onError: endExpiredSession,
    // Every change the server accepts writes an audit entry: the log and histories read again.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: auditLogKey });
    },
  }),
  defaultOptions: {
    queries: { retry: shouldRetry, refetchOnWindowFocus: false },
  },
});
