import { randomUUID } from 'node:crypto';
import { EVM_ADDRESS_MESSAGE, type Network, type WithdrawalAddressCommand } from '@concierge/contracts';
import { NotFoundError, ValidationError } from '@concierge/platform/errors';
import type { EventStore } from '@concierge/platform/event-store/port';
import type { Position } from '@concierge/platform/event-store/position';
import { checksumAddress } from '@concierge/platform/wallet/hd-wallet';
import { handleCommand } from '../../shared/aggregate.js';
import { commandMetadata, type CommandContext } from '../../shared/command-context.js';
import { withdrawalAddressesStreamId, type WithdrawalAddressesState, type WithdrawalAddress } from './withdrawal-addresses.js';
import { ADDRESS_NOT_FOUND_MESSAGE, withdrawalAddressesAggregate } from './decide.js';

/** Ids this service issues are UUIDs; anything else names no saved address and never reaches the store. */
function addressIdOf(id: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw new NotFoundError(ADDRESS_NOT_FOUND_MESSAGE);
  return id;
}

/** The EIP-55 form; a mixed-case address with a wrong checksum is most likely a typo, so it is refused. */
function checksummed(address: string): string {
  const result = checksumAddress(address);
  if (result === undefined) throw new ValidationError([{ field: 'address', message: EVM_ADDRESS_MESSAGE }]);
  return result;
}

/** Decides and appends on the member's withdrawal addresses; answers with them as they are after the command. */
async function onAddresses(store: EventStore, command: WithdrawalAddressCommand, ctx: CommandContext) {
  const { newState, position } = await handleCommand(store, withdrawalAddressesStreamId(command.data.userId), withdrawalAddressesAggregate, command, ctx);
  return { addresses: newState, position };
}

/** One withdrawal address as it is after the command, with whether it is the primary one. */
export interface WithdrawalAddressAfter {
  readonly addressId: string;
  readonly saved: WithdrawalAddress;
  readonly isPrimary: boolean;
  readonly position: Position | null;
}

function addressAfter(state: WithdrawalAddressesState, addressId: string, position: Position | null): WithdrawalAddressAfter {
  const saved = state.addresses.get(addressId);
  if (saved === undefined) throw new NotFoundError(ADDRESS_NOT_FOUND_MESSAGE);
  return { addressId, saved, isPrimary: state.primaryId === addressId, position };
}

export interface AddressInput {
  readonly label: string;
  readonly address: string;
  readonly network: Network;
}

/** A member saves a withdrawal address (the first one becomes primary). */
export async function addAddress(store: EventStore, userId: string, input: AddressInput, ctx: CommandContext): Promise<WithdrawalAddressAfter> {
  const addressId = randomUUID();
  const data = { userId, addressId, label: input.label, address: checksummed(input.address), network: input.network };
  const { addresses, position } = await onAddresses(store, { type: 'AddWithdrawalAddress', data, metadata: commandMetadata(ctx) }, ctx);
  return addressAfter(addresses, addressId, position);
}

/** A member edits one of their saved addresses. */
export async function editAddress(store: EventStore, userId: string, addressId: string, input: AddressInput, ctx: CommandContext): Promise<WithdrawalAddressAfter> {
  const id = addressIdOf(addressId);
  const data = { userId, addressId: id, label: input.label, address: checksummed(input.address), network: input.network };
  const { addresses, position } = await onAddresses(store, { type: 'EditWithdrawalAddress', data, metadata: commandMetadata(ctx) }, ctx);
  return addressAfter(addresses, id, position);
}

/** A member removes one of their saved addresses. */
export async function removeAddress(store: EventStore, userId: string, addressId: string, ctx: CommandContext): Promise<Position | null> {
  const data = { userId, addressId: addressIdOf(addressId) };
  return (await onAddresses(store, { type: 'RemoveWithdrawalAddress', data, metadata: commandMetadata(ctx) }, ctx)).position;
}

/** A member makes one of their saved addresses the primary one. */
export async function setPrimaryAddress(store: EventStore, userId: string, addressId: string, ctx: CommandContext): Promise<Position | null> {
  const data = { userId, addressId: addressIdOf(addressId) };
  return (await onAddresses(store, { type: 'SetPrimaryWithdrawalAddress', data, metadata: commandMetadata(ctx) }, ctx)).position;
}
