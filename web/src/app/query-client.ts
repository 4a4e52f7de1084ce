import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

/** Built once in main.tsx (the composition root) and handed to the provider. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors will not change on retry; network trouble and 5xx might.
        retry: (failures, error) => failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
}
