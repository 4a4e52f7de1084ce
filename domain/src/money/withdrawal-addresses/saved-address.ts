import { EVM_ADDRESS_MESSAGE, type Network } from '@concierge/contracts';
import { NotFoundError, ValidationError } from '@concierge/platform/errors';
import type { Position } from '@concierge/platform/event-store/position';
import { checksumAddress } from '@concierge/platform/wallet/hd-wallet';
import { ADDRESS_NOT_FOUND_MESSAGE } from './decide.js';
import type { WithdrawalAddress, WithdrawalAddressesState } from './withdrawal-addresses.js';

/** What a member types for a withdrawal address. */
export interface AddressInput {
  readonly label: string;
  readonly address: string;
  readonly network: Network;
}

/** One withdrawal address as it is after the command, with whether it is the primary one. */
export interface WithdrawalAddressAfter {
  readonly addressId: string;
  readonly saved: WithdrawalAddress;
  readonly isPrimary: boolean;
  readonly position: Position | null;
}

/** Ids this service issues are UUIDs; anything else names no saved address and never reaches the store. */
export function addressIdOf(id: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw new NotFoundError(ADDRESS_NOT_FOUND_MESSAGE);
  return id;
}

/** The EIP-55 form; a mixed-case address with a wrong checksum is most likely a typo, so it is refused. */
export function checksummed(address: string): string {
  const result = checksumAddress(address);
  if (result === undefined) throw new ValidationError([{ field: 'address', message: EVM_ADDRESS_MESSAGE }]);
  return result;
}

export function addressAfter(state: WithdrawalAddressesState, addressId: string, position: Position | null): WithdrawalAddressAfter {
  const saved = state.addresses.get(addressId);
  if (saved === undefined) throw new NotFoundError(ADDRESS_NOT_FOUND_MESSAGE);
  return { addressId, saved, isPrimary: state.primaryId === addressId, position };
}
