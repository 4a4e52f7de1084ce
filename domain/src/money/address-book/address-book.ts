import {
  streamName,
  type Network,
  type PrimaryWithdrawalAddressSet,
  type WithdrawalAddressAdded,
  type WithdrawalAddressEdited,
  type WithdrawalAddressRemoved,
} from '@concierge/contracts';

/** `addressBook-<userId>`: the member's saved withdrawal addresses and which one is primary. */
export const addressBookStreamId = (userId: string) => streamName('addressBook', userId);

export type AddressBookEvent =
  | { type: 'WithdrawalAddressAdded'; data: WithdrawalAddressAdded }
  | { type: 'WithdrawalAddressEdited'; data: WithdrawalAddressEdited }
  | { type: 'WithdrawalAddressRemoved'; data: WithdrawalAddressRemoved }
  | { type: 'PrimaryWithdrawalAddressSet'; data: PrimaryWithdrawalAddressSet };

export interface SavedAddress {
  readonly addressId: string;
  readonly label: string;
  /** EIP-55 checksummed. */
  readonly address: string;
  readonly network: Network;
  readonly addedAt: string;
}

export interface AddressBookState {
  /** Saved addresses in the order they were added. */
  readonly addresses: ReadonlyMap<string, SavedAddress>;
  readonly primaryId: string | null;
}

export const initialAddressBookState: AddressBookState = { addresses: new Map(), primaryId: null };

export function evolveAddressBook(state: AddressBookState, event: AddressBookEvent): AddressBookState {
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
export function primaryAddress(state: AddressBookState): SavedAddress | undefined {
  return state.primaryId === null ? undefined : state.addresses.get(state.primaryId);
}
