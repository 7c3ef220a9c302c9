import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTheme } from '../lib/theme.ts';
import { Toaster } from '../lib/toast.tsx';
import { queryClient } from './query-client.ts';

export function AppProviders({ children }: { children: ReactNode }) {
  const { theme } = useTheme();
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster theme={theme} />
    </QueryClientProvider>
  );
}
