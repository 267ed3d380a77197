/**
 * One TanStack Query client for every island on a page, so islands that read the
 * same data (the wishlist behind many Save buttons) share one request and one cache.
 * Its defaults are the spec's: 3 retries doubling from 1 s to 30 s, unused data kept 5 minutes.
 */
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will not get better by asking again.
      retry: (failures, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 3,
      refetchOnWindowFocus: false,
    },
  },
});

export const queryKeys = {
  wishlist: (userId: string) => ['wishlist', userId] as const,
  bookmarks: (userId: string) => ['bookmarks', userId] as const,
};
