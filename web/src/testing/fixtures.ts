import type { DepositDto, PortfolioHoldingDto, PortfolioPerformanceResponse, UserDto, WithdrawalAddressDto, WithdrawalDto } from '@concierge/contracts';

/** Test data shaped exactly as the contracts' DTOs, for the member money screens' specs. */

export const member: UserDto = {
  _id: 'u1',
  id: 'u1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  role: 'user',
  status: 'approved',
  walletAddress: null,
  subscriptionPlan: null,
  subscriptionPlanName: 'Premium Concierge',
  primaryWithdrawalAddress: null,
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const owner = { _id: 'u1', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };

export function deposit(id: string, amount: number, createdAt: string): DepositDto {
  return {
    _id: id,
    id,
    userId: owner,
    amount,
    amountUSD: amount,
    asset: 'USDC',
    status: 'completed',
    source: 'admin',
    timestamp: createdAt,
    createdAt,
    feePercentageAtDeposit: 1,
    calculatedFeeUSD: amount / 100,
    transactionHash: `0x${id.padStart(64, '0')}`,
  };
}

export function withdrawal(id: string, amount: number, requestedAt: string, status: WithdrawalDto['status'] = 'pending'): WithdrawalDto {
  return {
    _id: id,
    id,
    userId: owner,
    amount,
    asset: 'USDC',
    status,
    requestedAt,
    createdAt: requestedAt,
    updatedAt: requestedAt,
    withdrawalAddressId: { _id: 'a1', label: 'Ledger', address: `0x${'ab'.repeat(20)}`, network: 'Avalanche' },
    transactionHash: null,
    rejectionReason: null,
    approvedAt: null,
    completedAt: null,
    settlement: null,
  };
}

export function withdrawalAddress(id: string, label: string, isPrimary: boolean, network = 'Avalanche'): WithdrawalAddressDto {
  return {
    _id: id,
    id,
    label,
    address: `0x${id.padStart(40, '0')}`,
    network,
    isPrimary,
    createdAt: '2026-02-01T00:00:00.000Z',
  };
}

/** A holding of the portfolio figures: `count` whole tokens at `price` USD. */
export function holding(symbol: string, count: number, price: number, strategy = 'stablecoins', stale = false): PortfolioHoldingDto {
  return { name: `${symbol} Token`, symbol, balance: count, price, value: count * price, strategy, stale };
}

/**
 * The portfolio figures of a member valued in ledger mode: 1,000 USDC deposited, 25 USDC earned
 * over the week, no APY yet (under 7 days of history), two visible groups and one hidden.
 */
export function performanceFigures(changes: Partial<PortfolioPerformanceResponse> = {}): PortfolioPerformanceResponse {
  return {
    totalValue: 1250,
    performance: {
      dailyChange: 0.5,
      weeklyChange: 2.04,
      monthlyChange: -1.25,
      dailyChangeValue: 6.25,
      weeklyChangeValue: 25,
      monthlyChangeValue: -15.5,
      apy: null,
    },
    earnings: 250,
    netContributions: 1000,
    breakdown: {
      stablecoins: { percentage: 80, value: 1000, description: 'Dollar-pegged tokens', displayName: 'Stablecoins', color: '#16a34a', hidden: false },
      largeCaps: { percentage: 20, value: 250, description: 'BTC and ETH', displayName: 'Large Caps', color: '#2563eb', hidden: false },
      others: { percentage: 0, value: 0, description: 'Everything else', displayName: 'Others', color: '#f59e0b', hidden: true },
    },
    holdings: [holding('USDC', 1000, 1), holding('WETH', 0.1, 2500, 'largeCaps')],
    riskProfile: { score: 0.35, level: 'moderate' },
    diversification: { score: 50, label: 'Moderately diversified' },
    series: [
      { at: '2026-03-01T12:00:00.000Z', value: 1000 },
      { at: '2026-03-09T12:00:00.000Z', value: 1250 },
    ],
    asOf: '2026-03-10T12:00:00.000Z',
    source: 'ledger',
    chainId: null,
    anyStale: false,
    strategyChanges: [
      { at: '2026-03-01T12:00:00.000Z', group: 'stablecoins', displayName: 'Stablecoins', color: '#16a34a', change: 'entered', value: 1000 },
      { at: '2026-03-09T12:00:00.000Z', group: 'largeCaps', displayName: 'Large Caps', color: '#2563eb', change: 'entered', value: 250 },
    ],
    refreshing: false,
    ...changes,
  };
}

/** The answer before the first valuation: zeros, empty lists and nulls ("no snapshot yet"). */
export const notYetValued: PortfolioPerformanceResponse = {
  totalValue: 0,
  performance: { dailyChange: 0, weeklyChange: 0, monthlyChange: 0, dailyChangeValue: 0, weeklyChangeValue: 0, monthlyChangeValue: 0, apy: null },
  earnings: 0,
  netContributions: 0,
  breakdown: {},
  holdings: [],
  riskProfile: { score: null, level: null },
  diversification: { score: null, label: null },
  series: [],
  asOf: null,
  source: null,
  chainId: null,
  anyStale: false,
  strategyChanges: [],
  refreshing: false,
};
