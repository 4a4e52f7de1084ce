import type {
  AddWithdrawalAddress,
  EditWithdrawalAddress,
  RemoveWithdrawalAddress,
  SetPrimaryWithdrawalAddress,
  WithdrawalAddressCommand,
} from '@concierge/contracts';
import { ConflictError, NotFoundError } from '@concierge/platform/errors';
import { defineAggregate } from '../../shared/aggregate.js';
import {
  evolveWithdrawalAddresses,
  initialWithdrawalAddressesState,
  withdrawalAddressesStreamId,
  type WithdrawalAddressEvent,
  type WithdrawalAddressesState,
  type WithdrawalAddress,
} from './withdrawal-addresses.js';

/** Enough for every network and a few exchanges; keeps the list (and the settings page) small. */
export const MAX_ADDRESSES = 20;

export const ADDRESS_NOT_FOUND_MESSAGE = 'Withdrawal address not found.';
export const WITHDRAWAL_ADDRESSES_FULL_MESSAGE = `You can save at most ${MAX_ADDRESSES} withdrawal addresses. Please delete one you no longer use first.`;

export const duplicateAddressMessage = (existing: WithdrawalAddress) =>
  `This address is already saved for ${existing.network} as "${existing.label}".`;

function savedOf(state: WithdrawalAddressesState, addressId: string): WithdrawalAddress {
  const saved = state.addresses.get(addressId);
  if (saved === undefined) throw new NotFoundError(ADDRESS_NOT_FOUND_MESSAGE);
  return saved;
}

/** Addresses are stored checksummed, so comparing the text compares the address. */
function refuseDuplicate(state: WithdrawalAddressesState, address: string, network: string, exceptId?: string): void {
  for (const saved of state.addresses.values()) {
    if (saved.addressId !== exceptId && saved.address === address && saved.network === network) {
      throw new ConflictError(duplicateAddressMessage(saved));
    }
  }
}

/** The first address saved becomes primary, so a withdrawal always has somewhere to go. */
export function decideAddWithdrawalAddress(command: AddWithdrawalAddress, state: WithdrawalAddressesState): WithdrawalAddressEvent[] {
  const { userId, addressId, label, address, network } = command.data;
  const now = command.metadata.now;
  // A retried add with the same server-chosen id changes nothing.
  const known = state.addresses.get(addressId);
  if (known !== undefined) {
    if (known.label === label && known.address === address && known.network === network) return [];
    throw new ConflictError('This withdrawal address id is already in use.');
  }
  if (state.addresses.size >= MAX_ADDRESSES) throw new ConflictError(WITHDRAWAL_ADDRESSES_FULL_MESSAGE);
  refuseDuplicate(state, address, network);
  const events: WithdrawalAddressEvent[] = [{ type: 'WithdrawalAddressAdded', data: { userId, addressId, label, address, network, addedAt: now } }];
  if (state.primaryId === null) events.push({ type: 'PrimaryWithdrawalAddressSet', data: { userId, addressId, setAt: now } });
  return events;
}

/** Saving an address unchanged appends nothing. */
export function decideEditWithdrawalAddress(command: EditWithdrawalAddress, state: WithdrawalAddressesState): WithdrawalAddressEvent[] {
  const { userId, addressId, label, address, network } = command.data;
  const saved = savedOf(state, addressId);
  if (saved.label === label && saved.address === address && saved.network === network) return [];
  refuseDuplicate(state, address, network, addressId);
  return [{ type: 'WithdrawalAddressEdited', data: { userId, addressId, label, address, network, editedAt: command.metadata.now } }];
}

/** Removing the primary address hands primacy to the oldest remaining one (or to none). */
export function decideRemoveWithdrawalAddress(command: RemoveWithdrawalAddress, state: WithdrawalAddressesState): WithdrawalAddressEvent[] {
  const { userId, addressId } = command.data;
  savedOf(state, addressId);
  const now = command.metadata.now;
  const events: WithdrawalAddressEvent[] = [{ type: 'WithdrawalAddressRemoved', data: { userId, addressId, removedAt: now } }];
  if (state.primaryId === addressId) {
    // The map keeps insertion order: the first other entry is the oldest remaining address.
    const oldest = [...state.addresses.keys()].find((id) => id !== addressId) ?? null;
    events.push({ type: 'PrimaryWithdrawalAddressSet', data: { userId, addressId: oldest, setAt: now } });
  }
  return events;
}

/** Making the primary address primary again appends nothing. */
export function decideSetPrimaryWithdrawalAddress(command: SetPrimaryWithdrawalAddress, state: WithdrawalAddressesState): WithdrawalAddressEvent[] {
  const { userId, addressId } = command.data;
  savedOf(state, addressId);
  if (state.primaryId === addressId) return [];
  return [{ type: 'PrimaryWithdrawalAddressSet', data: { userId, addressId, setAt: command.metadata.now } }];
}

export function decideWithdrawalAddresses(command: WithdrawalAddressCommand, state: WithdrawalAddressesState): WithdrawalAddressEvent[] {
  switch (command.type) {
    case 'AddWithdrawalAddress':
      return decideAddWithdrawalAddress(command, state);
    case 'EditWithdrawalAddress':
      return decideEditWithdrawalAddress(command, state);
    case 'RemoveWithdrawalAddress':
      return decideRemoveWithdrawalAddress(command, state);
    case 'SetPrimaryWithdrawalAddress':
      return decideSetPrimaryWithdrawalAddress(command, state);
    default: {
      const unexpected: never = command;
      throw new Error(`Unknown withdrawal address command ${String((unexpected as { type: unknown }).type)}`);
    }
  }
}

/**
 * `addressBook-<userId>` (its stored name). The state stays small however long the stream: at most
 * MAX_ADDRESSES saved addresses, a removed one leaves it. Bump the snapshot version whenever
 * `evolveWithdrawalAddresses` or the state's shape changes.
 */
export const withdrawalAddressesAggregate = defineAggregate({
  streamOf: withdrawalAddressesStreamId,
  initialState: initialWithdrawalAddressesState,
  evolve: evolveWithdrawalAddresses,
  decide: decideWithdrawalAddresses,
  snapshot: { name: 'addressBook', version: 1 },
});
