import type { PortfolioPerformanceResponse } from '@concierge/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { memberMoneyKeys } from './query-keys';

/**
 * GET /wallets/performance. A failure falls back to null, and until the portfolio
 * release the route answers 501, so every failure reads as "no figures yet" rather than an error;
 * the screens then show "—" instead of invented numbers.
 */
export async function getPerformance(): Promise<PortfolioPerformanceResponse | null> {
  try {
    return await api<PortfolioPerformanceResponse>('GET', '/wallets/performance', { query: { refresh: 'false' } });
  } catch {
    return null;
  }
}

export const performanceQueryOptions = () => queryOptions({ queryKey: memberMoneyKeys.performance(), queryFn: getPerformance });

export function usePerformance() {
  return useQuery(performanceQueryOptions());
}
