/** The member's portfolio figures (performance), which a deposit or a withdrawal changes. */
export const portfolioKeys = {
  all: ['portfolio'] as const,
  performance: () => ['portfolio', 'performance'] as const,
};
