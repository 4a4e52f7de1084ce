import {
  streamName,
  type AutoWithdrawalConfigured,
  type DepositAddressAssigned,
  type DerivationIndexReserved,
  type PrivateKeyRevealed,
} from '@concierge/contracts';

/** `wallet-<userId>`: the member's deposit address, private-key reveals and auto-withdrawal switch. */
export const walletStreamId = (userId: string) => streamName('wallet', userId);

/** `walletIndex-<index>`: appended with "no stream", it claims one derivation index for one member. */
export const walletIndexStreamId = (index: number) => streamName('walletIndex', String(index));

export type WalletEvent =
  | { type: 'DepositAddressAssigned'; data: DepositAddressAssigned }
  | { type: 'PrivateKeyRevealed'; data: PrivateKeyRevealed }
  | { type: 'AutoWithdrawalConfigured'; data: AutoWithdrawalConfigured };

export type WalletIndexEvent = { type: 'DerivationIndexReserved'; data: DerivationIndexReserved };

export interface DepositAddress {
  readonly address: string;
  readonly derivationIndex: number;
  readonly derivationPath: string;
}

export interface WalletState {
  /** Null until the member is given a deposit address (after approval). */
  readonly deposit: DepositAddress | null;
  readonly autoWithdrawal: boolean;
}

export const initialWalletState: WalletState = { deposit: null, autoWithdrawal: false };

export function evolveWallet(state: WalletState, event: WalletEvent): WalletState {
  switch (event.type) {
    case 'DepositAddressAssigned': {
      const { address, derivationIndex, derivationPath } = event.data;
      return { ...state, deposit: { address, derivationIndex, derivationPath } };
    }
    case 'PrivateKeyRevealed':
      return state;
    case 'AutoWithdrawalConfigured':
      return { ...state, autoWithdrawal: event.data.enabled };
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}
