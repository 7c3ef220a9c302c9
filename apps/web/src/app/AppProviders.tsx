import { AbilityProvider } from '@casl/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { appAbility } from '../lib/abilities.ts';
import { useTheme } from '../lib/theme.ts';
import { Toaster } from '../lib/toast.tsx';
import { queryClient } from './query-client.ts';

export function AppProviders({ children }: { children: ReactNode }) {
  const { theme } = useTheme();
  return (
    <QueryClientProvider client={queryClient}>
      <AbilityProvider value={appAbility}>
        {children}
        <Toaster theme={theme} />
      </AbilityProvider>
    </QueryClientProvider>
  );
}
