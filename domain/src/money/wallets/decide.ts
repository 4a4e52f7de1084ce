import type { AssignDepositAddress, ConfigureAutoWithdrawal, RevealPrivateKey, WalletCommand } from '@concierge/contracts';
import { ForbiddenError, NotFoundError } from '@concierge/platform/errors';
import { defineAggregate } from '../../shared/aggregate.js';
import { evolveWallet, initialWalletState, walletStreamId, type WalletEvent, type WalletState } from './wallet.js';

export const NO_DEPOSIT_ADDRESS_MESSAGE = 'This member has no deposit address yet.';

/**
 * A member keeps the first address they were given: a second assignment (a repeated or
 * concurrent run) appends nothing, and the index it reserved simply stays unused.
 */
export function decideAssignDepositAddress(command: AssignDepositAddress, state: WalletState): WalletEvent[] {
  if (state.deposit !== null) return [];
  const { userId, address, derivationIndex, derivationPath } = command.data;
  return [{ type: 'DepositAddressAssigned', data: { userId, address, derivationIndex, derivationPath, assignedAt: command.metadata.now } }];
}

/** The audit record comes first: the key is derived only once this event is stored. */
export function decideRevealPrivateKey(command: RevealPrivateKey, state: WalletState): WalletEvent[] {
  if (state.deposit === null) throw new NotFoundError(NO_DEPOSIT_ADDRESS_MESSAGE);
  const { actor } = command.metadata;
  // Only a named person can be shown a key; the platform itself never asks.
  if (actor.type !== 'user') throw new ForbiddenError();
  const { userId, reason } = command.data;
  const revealed = { userId, address: state.deposit.address, revealedTo: actor.userId, revealedAt: command.metadata.now, reason };
  return [{ type: 'PrivateKeyRevealed', data: revealed }];
}

/** Switching to the current setting appends nothing. */
export function decideConfigureAutoWithdrawal(command: ConfigureAutoWithdrawal, state: WalletState): WalletEvent[] {
  const { userId, enabled } = command.data;
  if (state.autoWithdrawal === enabled) return [];
  return [{ type: 'AutoWithdrawalConfigured', data: { userId, enabled, configuredAt: command.metadata.now } }];
}

export function decideWallet(command: WalletCommand, state: WalletState): WalletEvent[] {
  switch (command.type) {
    case 'AssignDepositAddress':
      return decideAssignDepositAddress(command, state);
    case 'RevealPrivateKey':
      return decideRevealPrivateKey(command, state);
    case 'ConfigureAutoWithdrawal':
      return decideConfigureAutoWithdrawal(command, state);
    default: {
      const unexpected: never = command;
      throw new Error(`Unknown wallet command ${String((unexpected as { type: unknown }).type)}`);
    }
  }
}

/** `wallet-<userId>`. Bump the snapshot version whenever `evolveWallet` or `WalletState` changes. */
export const walletAggregate = defineAggregate({
  streamOf: walletStreamId,
  initialState: initialWalletState,
  evolve: evolveWallet,
  decide: decideWallet,
  snapshot: { name: 'wallet', version: 1 },
});
