import type { WithdrawalDestination } from '@concierge/contracts';
import { ConflictError, NotFoundError } from '@concierge/platform/errors';
import type { AggregateDeps } from '../../shared/aggregate.js';
import { withdrawalAddressesAggregate } from '../withdrawal-addresses/decide.js';
import { primaryAddress, type WithdrawalAddress } from '../withdrawal-addresses/withdrawal-addresses.js';

/** The toast text; the SPA sends the member to their settings when it sees `requiresWalletSetup`. */
export const WALLET_SETUP_MESSAGE = 'Please set up your withdrawal wallet first';
export const DESTINATION_NOT_FOUND_MESSAGE = 'Withdrawal address not found. Please choose one of your saved addresses.';

const copyOf = (saved: WithdrawalAddress): WithdrawalDestination => ({
  addressId: saved.addressId,
  label: saved.label,
  address: saved.address,
  network: saved.network,
});

/**
 * Where a withdrawal goes: the saved address the member chose, else their primary one. The
 * address is copied into the request, so editing the saved address later never moves money
 * already asked for. Withdrawals only read the addresses (the same cached state as their commands).
 */
export async function destinationFor(deps: AggregateDeps, userId: string, addressId: string | undefined): Promise<WithdrawalDestination> {
  const state = await withdrawalAddressesAggregate.load(deps, userId);
  if (addressId !== undefined) {
    const chosen = state.addresses.get(addressId);
    if (chosen === undefined) throw new NotFoundError(DESTINATION_NOT_FOUND_MESSAGE);
    return copyOf(chosen);
  }
  const primary = primaryAddress(state);
  if (primary === undefined) throw new ConflictError(WALLET_SETUP_MESSAGE, { requiresWalletSetup: true });
  return copyOf(primary);
}
