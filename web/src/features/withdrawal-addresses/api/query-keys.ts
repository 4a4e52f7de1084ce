/** The member's saved withdrawal addresses; withdrawals do not change them. */
export const withdrawalAddressesKeys = {
  all: ['withdrawal-addresses'] as const,
  list: () => ['withdrawal-addresses', 'list'] as const,
};
