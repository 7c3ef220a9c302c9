import { AbilityProvider } from '@casl/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';
import { appAbility } from '../lib/abilities.ts';
import { useTheme } from '../lib/theme.ts';
import { TOAST_CONTAINER_OPTIONS } from '../lib/toast.tsx';
import { queryClient } from './query-client.ts';

export function AppProviders({ children }: { children: ReactNode }) {
  const { theme } = useTheme();
  return (
    <QueryClientProvider client={queryClient}>
      <AbilityProvider value={appAbility}>
        {children}
        <ToastContainer {...TOAST_CONTAINER_OPTIONS} theme={theme} />
      </AbilityProvider>
    </QueryClientProvider>
  );
}
