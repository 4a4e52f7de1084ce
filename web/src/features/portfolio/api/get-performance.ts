import type { PortfolioPerformanceResponse } from '@concierge/contracts';
import * as portfolioRoutes from '@concierge/contracts/portfolio/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { portfolioKeys } from './query-keys';

/**
 * GET /wallets/performance: the latest valuation's figures (zeros and `asOf` null before the
 * first one). `refresh` also asks for a new valuation and waits a few seconds for it.
 */
export function getPerformance({ refresh = false }: { refresh?: boolean } = {}): Promise<PortfolioPerformanceResponse> {
  return api(portfolioRoutes.performance, { query: { refresh: String(refresh) } });
}

export const performanceQueryOptions = () => queryOptions({ queryKey: portfolioKeys.performance(), queryFn: () => getPerformance() });

export function usePerformance() {
  return useQuery(performanceQueryOptions());
}
