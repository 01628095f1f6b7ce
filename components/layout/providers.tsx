'use client';

import '@/lib/client/zod-config';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from '@/components/ui/toast';
import { CurrentUserProvider, type CurrentUser } from '../session/current-user';
import { useTheme } from './theme';

function status(error: unknown): number | undefined {
  const value = (error as { status?: unknown } | null)?.status;
  return typeof value === 'number' ? value : undefined;
}

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not change by asking again; network failures and 5xx get two more tries.
        retry: (failures, error) => {
          const code = status(error);
          if (code !== undefined && code >= 400 && code < 500) return false;
          return failures < 2;
        },
      },
      // Writes are never repeated behind the user's back, and never paused offline to run when the
      // connection returns ('always': the fetcher refuses at once instead and says so).
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/** Everything client-side the console pages share, mounted once by the console layout. */
export function ConsoleProviders({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  const theme = useTheme();
  return (
    <CurrentUserProvider user={user}>
      <QueryClientProvider client={queryClient}>
        {children}
        <Toaster theme={theme} position="bottom-right" closeButton richColors />
      </QueryClientProvider>
    </CurrentUserProvider>
  );
}
