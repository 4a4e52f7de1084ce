/**
 * Query keys of the member's money screens. Every key starts with 'member-money', so a withdrawal
 * request can refresh balances, history and the dashboard with one invalidation.
 */
export const memberMoneyKeys = {
  all: ['member-money'] as const,
  walletInfo: () => ['member-money', 'wallet-info'] as const,
  performance: () => ['member-money', 'performance'] as const,
  balances: () => ['member-money', 'balances'] as const,
  deposits: (userId: string | undefined) => ['member-money', 'deposits', userId ?? null] as const,
  withdrawals: () => ['member-money', 'withdrawals'] as const,
  /** Every page of the combined history. */
  allTransactions: () => ['member-money', 'transactions'] as const,
  transactions: (limit: number, offset: number) => ['member-money', 'transactions', limit, offset] as const,
  /** The address book changes on its own; withdrawals do not touch it. */
  addresses: () => ['member-money', 'addresses'] as const,
};
