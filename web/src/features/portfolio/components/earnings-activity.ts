import type { PortfolioPerformanceResponse } from '@concierge/contracts';
import { isValued } from './figures';

/** The week's earnings as one Recent Activity item (the product's activity item of type earnings). */
export interface EarningsActivity {
  readonly id: string;
  readonly type: 'earnings';
  readonly title: string;
  readonly description: string;
  /** The valuation the figure comes from. */
  readonly date: string;
  /** USDC over the last 7 days, deposits and withdrawals taken out; negative for a loss. */
  readonly amount: number;
  readonly asset: 'USDC';
}

/**
 * The last 7 days' earnings from the latest valuation, or none before the first one. Strategy items
 * (a group entering or leaving the portfolio) are not derived: the figures hold only the current
 * breakdown, not the one before it.
 */
export function weeklyEarningsActivity(figures: PortfolioPerformanceResponse | null | undefined): EarningsActivity[] {
  if (!isValued(figures) || figures.asOf === null) return [];
  return [
    {
      id: `earnings-${figures.asOf}`,
      type: 'earnings',
      title: 'Weekly earnings',
      description: 'Last 7 days, not counting deposits and withdrawals',
      date: figures.asOf,
      amount: figures.performance.weeklyChangeValue,
      asset: 'USDC',
    },
  ];
}
