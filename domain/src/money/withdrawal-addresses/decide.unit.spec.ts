import { describe, expect, it } from 'vitest';
import type { CommandMetadata, Network, WithdrawalAddressCommand } from '@concierge/contracts';
import { ConflictError, NotFoundError } from '@concierge/platform/errors';
import { DeciderSpecification } from '../../shared/testing/decider-specification.js';
import { primaryAddress } from './withdrawal-addresses.js';
import { WITHDRAWAL_ADDRESSES_FULL_MESSAGE, ADDRESS_NOT_FOUND_MESSAGE, MAX_ADDRESSES, withdrawalAddressesAggregate } from './decide.js';

const NOW = '2026-11-22T12:00:00.000Z';
const metadata: CommandMetadata = { actor: { type: 'user', userId: 'u-1', role: 'user' }, now: NOW, correlationId: 'c', commandId: 'c' };
const addr = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;

const add = (addressId: string, n: number, network: Network = 'Avalanche', label = `Label ${addressId}`): WithdrawalAddressCommand => ({
  type: 'AddWithdrawalAddress',
  data: { userId: 'u-1', addressId, label, address: addr(n), network },
  metadata,
});
const edit = (addressId: string, n: number, network: Network = 'Avalanche', label = `Label ${addressId}`): WithdrawalAddressCommand => ({
  type: 'EditWithdrawalAddress',
  data: { userId: 'u-1', addressId, label, address: addr(n), network },
  metadata,
});
const remove = (addressId: string): WithdrawalAddressCommand => ({ type: 'RemoveWithdrawalAddress', data: { userId: 'u-1', addressId }, metadata });
const setPrimary = (addressId: string): WithdrawalAddressCommand => ({
  type: 'SetPrimaryWithdrawalAddress',
  data: { userId: 'u-1', addressId },
  metadata,
});

const spec = DeciderSpecification.for(withdrawalAddressesAggregate);

describe('adding a withdrawal address', () => {
  it('makes the first address primary', () => {
    spec.given().when(add('a', 1)).then([
      { type: 'WithdrawalAddressAdded', data: { userId: 'u-1', addressId: 'a', label: 'Label a', address: addr(1), network: 'Avalanche', addedAt: NOW } },
      { type: 'PrimaryWithdrawalAddressSet', data: { userId: 'u-1', addressId: 'a', setAt: NOW } },
    ]);
  });

  it('leaves the primary alone when more addresses are added', () => {
    expect(spec.givenCommands(add('a', 1)).when(add('b', 2)).events.map((e) => e.type)).toEqual(['WithdrawalAddressAdded']);
    expect(primaryAddress(spec.givenCommands(add('a', 1), add('b', 2)).state)?.addressId).toBe('a');
  });

  it('refuses the same address on the same network twice, naming the saved one', () => {
    spec.givenCommands(add('a', 1, 'Polygon', 'Cold')).when(add('b', 1, 'Polygon')).thenThrows(
      new ConflictError('This address is already saved for Polygon as "Cold".'),
    );
  });

  it('accepts the same address on another network', () => {
    expect(spec.givenCommands(add('a', 1, 'Polygon')).when(add('b', 1, 'Ethereum')).events).toHaveLength(1);
  });

  it(`refuses a ${MAX_ADDRESSES + 1}st address`, () => {
    const full = Array.from({ length: MAX_ADDRESSES }, (_, i) => add(`a${i}`, i + 1));
    spec.givenCommands(...full).when(add('extra', 999)).thenThrows(new ConflictError(WITHDRAWAL_ADDRESSES_FULL_MESSAGE));
  });

  it('appends nothing when the same add (same id and fields) is decided again', () => {
    spec.givenCommands(add('a', 1)).when(add('a', 1)).thenNothingHappens();
  });
});

describe('editing a withdrawal address', () => {
  it('records the new label, address and network', () => {
    spec.givenCommands(add('a', 1)).when(edit('a', 7, 'Ethereum', 'Ledger')).then([
      { type: 'WithdrawalAddressEdited', data: { userId: 'u-1', addressId: 'a', label: 'Ledger', address: addr(7), network: 'Ethereum', editedAt: NOW } },
    ]);
  });

  it('appends nothing when nothing changes', () => {
    spec.givenCommands(add('a', 1)).when(edit('a', 1)).thenNothingHappens();
  });

  it('refuses to turn one saved address into a copy of another', () => {
    spec.givenCommands(add('a', 1), add('b', 2)).when(edit('b', 1)).thenThrows(ConflictError);
  });

  it('answers not found for an unknown or removed address', () => {
    spec.given().when(edit('a', 1)).thenThrows(new NotFoundError(ADDRESS_NOT_FOUND_MESSAGE));
    spec.givenCommands(add('a', 1), remove('a')).when(edit('a', 1)).thenThrows(NotFoundError);
  });
});

describe('deleting a withdrawal address', () => {
  it('deletes a non-primary address without touching the primary', () => {
    expect(spec.givenCommands(add('a', 1), add('b', 2)).when(remove('b')).events.map((e) => e.type)).toEqual(['WithdrawalAddressRemoved']);
  });

  it('makes the oldest remaining address primary when the primary is deleted', () => {
    const state = spec.givenCommands(add('a', 1), add('b', 2), add('c', 3), setPrimary('c'), remove('c')).state;
    expect(primaryAddress(state)?.addressId).toBe('a');
    expect([...state.addresses.keys()]).toEqual(['a', 'b']);
  });

  it('leaves no primary when the last address is deleted', () => {
    spec.givenCommands(add('a', 1)).when(remove('a')).then([
      { type: 'WithdrawalAddressRemoved', data: { userId: 'u-1', addressId: 'a', removedAt: NOW } },
      { type: 'PrimaryWithdrawalAddressSet', data: { userId: 'u-1', addressId: null, setAt: NOW } },
    ]);
  });

  it('answers not found when the address was already deleted', () => {
    spec.givenCommands(add('a', 1), remove('a')).when(remove('a')).thenThrows(new NotFoundError(ADDRESS_NOT_FOUND_MESSAGE));
  });

  it('lets a deleted address be saved again, and the new one becomes primary when none is left', () => {
    expect(primaryAddress(spec.givenCommands(add('a', 1), remove('a'), add('b', 1)).state)?.addressId).toBe('b');
  });
});

describe('setting the primary address', () => {
  it('moves primacy to the chosen address', () => {
    spec.givenCommands(add('a', 1), add('b', 2)).when(setPrimary('b')).then([
      { type: 'PrimaryWithdrawalAddressSet', data: { userId: 'u-1', addressId: 'b', setAt: NOW } },
    ]);
  });

  it('appends nothing when the address is already primary', () => {
    spec.givenCommands(add('a', 1)).when(setPrimary('a')).thenNothingHappens();
  });

  it('answers not found for an address that the member has not saved', () => {
    spec.givenCommands(add('a', 1)).when(setPrimary('zzz')).thenThrows(new NotFoundError(ADDRESS_NOT_FOUND_MESSAGE));
  });
});
