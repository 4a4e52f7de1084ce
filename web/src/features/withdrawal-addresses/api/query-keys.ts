/** The member's address book (saved withdrawal addresses); withdrawals do not change it. */
export const withdrawalAddressesKeys = {
  all: ['withdrawal-addresses'] as const,
  list: () => ['withdrawal-addresses', 'list'] as const,
};
