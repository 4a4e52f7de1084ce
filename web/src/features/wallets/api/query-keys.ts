/**
 * Query keys of the wallets: the member's deposit address and value, balances and combined
 * history, and a member's wallet as an admin sees it. The private key is never a query: each
 * reveal is a step-up mutation.
 */
export const walletsKeys = {
  all: ['wallets'] as const,
  info: () => ['wallets', 'info'] as const,
  balances: () => ['wallets', 'balances'] as const,
  /** Every page of the combined history. */
  allTransactions: () => ['wallets', 'transactions'] as const,
  transactions: (limit: number, offset: number) => ['wallets', 'transactions', limit, offset] as const,
  user: (userId: string) => ['wallets', 'user', userId] as const,
};
