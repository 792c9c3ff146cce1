import { QueryClient } from '@tanstack/react-query';
import { onSessionReset } from './session';

/**
 * One query cache for the app. No automatic retry or refetch on focus: a failed call already raised the
 * global alert of spec 1 §8, and repeating it would stack identical alerts.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

// a new session starts with an empty cache
onSessionReset(() => queryClient.clear());
