import { streamName, type Network, type withdrawalAddressEvents } from '@concierge/contracts';
import type { EventOf } from '../../shared/event-union.js';

/** The member's saved withdrawal addresses and which one is primary, in the stream `addressBook-<userId>` (its stored name). */
export const withdrawalAddressesStreamId = (userId: string) => streamName('addressBook', userId);

export type WithdrawalAddressEvent = EventOf<keyof typeof withdrawalAddressEvents>;

export interface WithdrawalAddress {
  readonly addressId: string;
  readonly label: string;
  /** EIP-55 checksummed. */
  readonly address: string;
  readonly network: Network;
  readonly addedAt: string;
}

export interface WithdrawalAddressesState {
  /** Saved addresses in the order they were added. */
  readonly addresses: ReadonlyMap<string, WithdrawalAddress>;
  readonly primaryId: string | null;
}

export const initialWithdrawalAddressesState: WithdrawalAddressesState = { addresses: new Map(), primaryId: null };

export function evolveWithdrawalAddresses(state: WithdrawalAddressesState, event: WithdrawalAddressEvent): WithdrawalAddressesState {
  switch (event.type) {
    case 'WithdrawalAddressAdded': {
      const { addressId, label, address, network, addedAt } = event.data;
      return { ...state, addresses: new Map(state.addresses).set(addressId, { addressId, label, address, network, addedAt }) };
    }
    case 'WithdrawalAddressEdited': {
      const known = state.addresses.get(event.data.addressId);
      if (known === undefined) return state;
      const { label, address, network } = event.data;
      return { ...state, addresses: new Map(state.addresses).set(known.addressId, { ...known, label, address, network }) };
    }
    case 'WithdrawalAddressRemoved': {
      const addresses = new Map(state.addresses);
      addresses.delete(event.data.addressId);
      return { ...state, addresses };
    }
    case 'PrimaryWithdrawalAddressSet':
      return { ...state, primaryId: event.data.addressId };
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}

/** The address a withdrawal goes to when the member names none: the primary one, if any. */
export function primaryAddress(state: WithdrawalAddressesState): WithdrawalAddress | undefined {
  return state.primaryId === null ? undefined : state.addresses.get(state.primaryId);
}
