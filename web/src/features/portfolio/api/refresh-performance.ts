import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getPerformance } from './get-performance';
import { portfolioKeys } from './query-keys';

/** How long after an answer that says `refreshing` the figures are read again. */
export const REFRESH_RECHECK_MS = 5000;

/**
 * The refresh control: GET /wallets/performance?refresh=true, whose answer replaces the figures on
 * screen. When the new valuation had not landed yet (`refreshing`), the figures are read once
 * more a few seconds later.
 */
export function useRefreshPerformance() {
  const queryClient = useQueryClient();
  const [recheck, setRecheck] = useState(0);
  const mutation = useMutation({
    mutationFn: () => getPerformance({ refresh: true }),
    onSuccess: (figures) => {
      queryClient.setQueryData(portfolioKeys.performance(), figures);
      if (figures.refreshing) setRecheck((count) => count + 1);
    },
  });
  useEffect(() => {
    if (recheck === 0) return undefined;
    const timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: portfolioKeys.performance() }), REFRESH_RECHECK_MS);
    return () => clearTimeout(timer);
  }, [recheck, queryClient]);
  return mutation;
}
