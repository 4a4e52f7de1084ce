import { describe, expect, it } from 'vitest';
import type { CommandMetadata, WalletCommand } from '@concierge/contracts';
import { ForbiddenError, NotFoundError } from '@concierge/platform/errors';
import { DeciderSpecification } from '../../shared/testing/decider-specification.js';
import { NO_DEPOSIT_ADDRESS_MESSAGE, walletAggregate } from './decide.js';

const NOW = '2026-11-22T12:00:00.000Z';
const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const system: CommandMetadata['actor'] = { type: 'system', reason: 'deposit-addresses' };
const admin: CommandMetadata['actor'] = { type: 'user', userId: 'admin-1', role: 'admin' };
const member: CommandMetadata['actor'] = { type: 'user', userId: 'u-1', role: 'user' };
const meta = (actor: CommandMetadata['actor']): CommandMetadata => ({ actor, now: NOW, correlationId: 'c', commandId: 'c' });

const assign = (derivationIndex = 1, address = ADDRESS): WalletCommand => ({
  type: 'AssignDepositAddress',
  data: { userId: 'u-1', derivationIndex, derivationPath: `m/44'/60'/0'/0/${derivationIndex}`, address },
  metadata: meta(system),
});
const reveal = (actor: CommandMetadata['actor'] = admin): WalletCommand => ({
  type: 'RevealPrivateKey',
  data: { userId: 'u-1', reason: 'member lost their device' },
  metadata: meta(actor),
});
const auto = (enabled: boolean): WalletCommand => ({ type: 'ConfigureAutoWithdrawal', data: { userId: 'u-1', enabled }, metadata: meta(member) });

const spec = DeciderSpecification.for(walletAggregate);

describe('assigning a deposit address', () => {
  it('records the address with its derivation index and path', () => {
    spec.given().when(assign()).then([
      { type: 'DepositAddressAssigned', data: { userId: 'u-1', address: ADDRESS, derivationIndex: 1, derivationPath: "m/44'/60'/0'/0/1", assignedAt: NOW } },
    ]);
  });

  it('keeps the first address: a second assignment appends nothing', () => {
    spec.givenCommands(assign()).when(assign(2, '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC')).thenNothingHappens();
  });

  it('assigns after an auto-withdrawal setting that came first', () => {
    expect(spec.givenCommands(auto(true)).when(assign()).events).toHaveLength(1);
  });
});

describe('revealing a private key', () => {
  it('records which admin was shown the key of which address, when and why', () => {
    spec.givenCommands(assign()).when(reveal()).then([
      {
        type: 'PrivateKeyRevealed',
        data: { userId: 'u-1', address: ADDRESS, revealedTo: 'admin-1', revealedAt: NOW, reason: 'member lost their device' },
      },
    ]);
  });

  it('records every reveal, also a repeated one', () => {
    expect(spec.givenCommands(assign(), reveal()).when(reveal()).events).toHaveLength(1);
  });

  it('answers not found while the member has no address', () => {
    spec.givenCommands(auto(true)).when(reveal()).thenThrows(new NotFoundError(NO_DEPOSIT_ADDRESS_MESSAGE));
  });

  it('shows a key to a named person only, never to the platform itself', () => {
    spec.givenCommands(assign()).when(reveal(system)).thenThrows(ForbiddenError);
  });
});

describe('configuring auto-withdrawal', () => {
  it('records a switch on and off', () => {
    spec.given().when(auto(true)).then([{ type: 'AutoWithdrawalConfigured', data: { userId: 'u-1', enabled: true, configuredAt: NOW } }]);
    expect(spec.givenCommands(auto(true)).when(auto(false)).events).toHaveLength(1);
  });

  it('appends nothing when the setting does not change (off is the default)', () => {
    spec.given().when(auto(false)).thenNothingHappens();
    spec.givenCommands(auto(true)).when(auto(true)).thenNothingHappens();
  });
});
