/** The member's portfolio figures (performance), which a deposit, a withdrawal or a valuation changes. */
export const portfolioKeys = {
  all: ['portfolio'] as const,
  performance: () => ['portfolio', 'performance'] as const,
};
