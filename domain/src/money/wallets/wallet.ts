import { streamName, type walletEvents } from '@concierge/contracts';
import type { EventOf } from '../../shared/event-union.js';

/** `wallet-<userId>`: the member's deposit address, private-key reveals and auto-withdrawal switch. */
export const walletStreamId = (userId: string) => streamName('wallet', userId);

/** `walletIndex-<index>`: appended with "no stream", it claims one derivation index for one member. */
export const walletIndexStreamId = (index: number) => streamName('walletIndex', String(index));

/** The wallets context's events that have streams of their own: derivation index reservations, and admins' step-ups (`stepUp-<adminId>`). */
type NotOfTheWallet = 'DerivationIndexReserved' | `StepUp${string}`;

export type WalletEvent = EventOf<Exclude<keyof typeof walletEvents, NotOfTheWallet>>;

export type WalletIndexEvent = EventOf<'DerivationIndexReserved'>;

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
