import type { PortfolioPerformanceResponse } from '@concierge/contracts';
import { isValued } from './figures';

/** The week's earnings, or a strategy group entering or leaving, as a Recent Activity item (the product's activity item). */
export interface PortfolioActivity {
  readonly id: string;
  readonly type: 'earnings' | 'strategy';
  readonly title: string;
  readonly description: string;
  /** The valuation the item comes from. */
  readonly date: string;
  /**
   * USDC: for earnings, the last 7 days' with deposits and withdrawals taken out (negative for a
   * loss); for a strategy, the group's value as it entered (+) or before it left (-).
   */
  readonly amount: number;
  readonly asset: 'USDC';
}

/** The last 7 days' earnings from the latest valuation, or none before the first one. */
export function weeklyEarningsActivity(figures: PortfolioPerformanceResponse | null | undefined): PortfolioActivity[] {
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

/** How many strategy changes Recent Activity draws from, like its 3 deposits and 3 withdrawals. */
export const RECENT_STRATEGY_CHANGES = 3;

/** The latest strategy groups to enter or leave the portfolio, one item each. */
export function strategyActivity(figures: PortfolioPerformanceResponse | null | undefined): PortfolioActivity[] {
  if (!isValued(figures)) return [];
  return figures.strategyChanges.slice(-RECENT_STRATEGY_CHANGES).map((change) => ({
    id: `strategy-${change.group}-${change.change}-${change.at}`,
    type: 'strategy',
    title: change.change === 'entered' ? `${change.displayName} added` : `${change.displayName} removed`,
    description: change.change === 'entered' ? 'Strategy entered your portfolio' : 'Strategy left your portfolio',
    date: change.at,
    amount: change.change === 'entered' ? change.value : -change.value,
    asset: 'USDC',
  }));
}
