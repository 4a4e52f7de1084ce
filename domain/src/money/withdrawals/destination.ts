import type { WithdrawalDestination } from '@concierge/contracts';
import { ConflictError, NotFoundError } from '@concierge/platform/errors';
import type { EventStore } from '@concierge/platform/event-store/port';
import { loadState, type Aggregate } from '../../shared/aggregate.js';
import {
  withdrawalAddressesStreamId,
  evolveWithdrawalAddresses,
  initialWithdrawalAddressesState,
  primaryAddress,
  WITHDRAWAL_ADDRESSES_STATES,
  type WithdrawalAddressEvent,
  type WithdrawalAddressesState,
  type WithdrawalAddress,
} from '../withdrawal-addresses/withdrawal-addresses.js';

/** The toast text; the SPA sends the member to their settings when it sees `requiresWalletSetup`. */
export const WALLET_SETUP_MESSAGE = 'Please set up your withdrawal wallet first';
export const DESTINATION_NOT_FOUND_MESSAGE = 'Withdrawal address not found. Please choose one of your saved addresses.';

/** Read-only: withdrawals only look at the withdrawal addresses; their commands are decided in `../withdrawal-addresses`. */
const withdrawalAddressesReader: Aggregate<WithdrawalAddressesState, WithdrawalAddressEvent, never> = {
  initialState: initialWithdrawalAddressesState,
  evolve: evolveWithdrawalAddresses,
  decide: () => [],
  // The same cached state and snapshots as the decider's: one fold, one name.
  ...WITHDRAWAL_ADDRESSES_STATES,
};

const copyOf = (saved: WithdrawalAddress): WithdrawalDestination => ({
  addressId: saved.addressId,
  label: saved.label,
  address: saved.address,
  network: saved.network,
});

/**
 * Where a withdrawal goes: the saved address the member chose, else their primary one. The
 * address is copied into the request, so editing the saved address later never moves money already asked for.
 */
export async function destinationFor(store: EventStore, userId: string, addressId: string | undefined): Promise<WithdrawalDestination> {
  const { state } = await loadState(store, withdrawalAddressesStreamId(userId), withdrawalAddressesReader);
  if (addressId !== undefined) {
    const chosen = state.addresses.get(addressId);
    if (chosen === undefined) throw new NotFoundError(DESTINATION_NOT_FOUND_MESSAGE);
    return copyOf(chosen);
  }
  const primary = primaryAddress(state);
  if (primary === undefined) throw new ConflictError(WALLET_SETUP_MESSAGE, { requiresWalletSetup: true });
  return copyOf(primary);
}
