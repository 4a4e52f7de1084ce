import type { DepositDto, WithdrawalDto } from '@concierge/contracts';

/** The dashboard lists 5 items, drawn from the latest 3 deposits and 3 withdrawals. */
export const RECENT_ACTIVITY_LIMIT = 5;
export const RECENT_PER_KIND = 3;

/** One row of Recent Activity (the product's activity item, with the status to badge when it has one). */
export interface ActivityItem {
  readonly id: string;
  readonly type: 'deposit' | 'withdrawal' | 'earnings' | 'strategy';
  readonly title: string;
  readonly description: string;
  /** ISO date-time the list is ordered by. */
  readonly date: string;
  /** USDC; an earnings item's is negative for a loss. */
  readonly amount: number;
  readonly asset: 'USDC';
  readonly status?: WithdrawalDto['status'];
}

// An unreadable date sorts last instead of making the order depend on the engine's sort.
const timeOf = (iso: string) => {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? 0 : time;
};
const newestFirst = (a: { date: string }, b: { date: string }) => timeOf(b.date) - timeOf(a.date);

function fromDeposit(deposit: DepositDto): ActivityItem {
  return {
    id: `deposit-${deposit.id}`,
    type: 'deposit',
    title: 'Deposit',
    description: 'USDC credited to your wallet',
    // When the money arrived (a detected deposit's block time), as History and the admin's Deposit History show it.
    date: deposit.timestamp,
    amount: deposit.amount,
    asset: deposit.asset,
    status: 'completed',
  };
}

function fromWithdrawal(withdrawal: WithdrawalDto): ActivityItem {
  const destination = withdrawal.withdrawalAddressId;
  return {
    id: `withdrawal-${withdrawal.id}`,
    type: 'withdrawal',
    title: 'Withdrawal',
    description: `To ${destination.label} (${destination.network})`,
    date: withdrawal.requestedAt,
    amount: withdrawal.amount,
    asset: withdrawal.asset,
    status: withdrawal.status,
  };
}

/**
 * The latest 3 deposits and latest 3 withdrawals merged with the other items the page passes (the
 * portfolio's earnings), newest first, cut to 5. Each list is sorted here too rather than trusting
 * the server's order, since "latest" is what the product asks for.
 */
export function recentActivity(
  deposits: readonly DepositDto[],
  withdrawals: readonly WithdrawalDto[],
  others: readonly ActivityItem[] = [],
): ActivityItem[] {
  const latestDeposits = deposits.map(fromDeposit).sort(newestFirst).slice(0, RECENT_PER_KIND);
  const latestWithdrawals = withdrawals.map(fromWithdrawal).sort(newestFirst).slice(0, RECENT_PER_KIND);
  return [...latestDeposits, ...latestWithdrawals, ...others].sort(newestFirst).slice(0, RECENT_ACTIVITY_LIMIT);
}
