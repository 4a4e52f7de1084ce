import type { PortfolioPerformanceResponse } from '@concierge/contracts';
import * as portfolioRoutes from '@concierge/contracts/portfolio/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { portfolioKeys } from './query-keys';

/**
 * GET /wallets/performance. A failure falls back to null, and until the portfolio
 * release the route answers 501, so every failure reads as "no figures yet" rather than an error;
 * the screens then show "—" instead of invented numbers.
 */
export async function getPerformance(): Promise<PortfolioPerformanceResponse | null> {
  try {
    return await api<PortfolioPerformanceResponse>(portfolioRoutes.performance, { query: { refresh: 'false' } });
  } catch {
    return null;
  }
}

export const performanceQueryOptions = () => queryOptions({ queryKey: portfolioKeys.performance(), queryFn: getPerformance });

export function usePerformance() {
  return useQuery(performanceQueryOptions());
}
