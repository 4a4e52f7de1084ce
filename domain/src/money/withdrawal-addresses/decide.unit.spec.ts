import { describe, expect, it } from 'vitest';
import { eventSchemas, type CommandMetadata, type Network, type WithdrawalAddressCommand } from '@concierge/contracts';
import { ConflictError, NotFoundError } from '@concierge/platform/errors';
import { evolveWithdrawalAddresses, initialWithdrawalAddressesState, primaryAddress, type WithdrawalAddressEvent } from './withdrawal-addresses.js';
import { WITHDRAWAL_ADDRESSES_FULL_MESSAGE, ADDRESS_NOT_FOUND_MESSAGE, decideWithdrawalAddresses, MAX_ADDRESSES } from './decide.js';

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

/** Runs the commands in order, each on the state the previous ones left; returns every event. */
function run(...commands: WithdrawalAddressCommand[]): WithdrawalAddressEvent[] {
  const events: WithdrawalAddressEvent[] = [];
  for (const command of commands) events.push(...decideWithdrawalAddresses(command, events.reduce(evolveWithdrawalAddresses, initialWithdrawalAddressesState)));
  for (const event of events) eventSchemas[event.type].parse(event.data);
  return events;
}
const stateAfter = (...commands: WithdrawalAddressCommand[]) => run(...commands).reduce(evolveWithdrawalAddresses, initialWithdrawalAddressesState);
const when = (given: WithdrawalAddressCommand[], command: WithdrawalAddressCommand) =>
  decideWithdrawalAddresses(command, stateAfter(...given));

describe('adding a withdrawal address', () => {
  it('makes the first address primary', () => {
    expect(run(add('a', 1))).toEqual([
      { type: 'WithdrawalAddressAdded', data: { userId: 'u-1', addressId: 'a', label: 'Label a', address: addr(1), network: 'Avalanche', addedAt: NOW } },
      { type: 'PrimaryWithdrawalAddressSet', data: { userId: 'u-1', addressId: 'a', setAt: NOW } },
    ]);
  });

  it('leaves the primary alone when more addresses are added', () => {
    expect(when([add('a', 1)], add('b', 2)).map((e) => e.type)).toEqual(['WithdrawalAddressAdded']);
    expect(primaryAddress(stateAfter(add('a', 1), add('b', 2)))?.addressId).toBe('a');
  });

  it('refuses the same address on the same network twice, naming the saved one', () => {
    expect(() => when([add('a', 1, 'Polygon', 'Cold')], add('b', 1, 'Polygon'))).toThrow(
      new ConflictError('This address is already saved for Polygon as "Cold".'),
    );
  });

  it('accepts the same address on another network', () => {
    expect(when([add('a', 1, 'Polygon')], add('b', 1, 'Ethereum'))).toHaveLength(1);
  });

  it(`refuses a ${MAX_ADDRESSES + 1}st address`, () => {
    const full = Array.from({ length: MAX_ADDRESSES }, (_, i) => add(`a${i}`, i + 1));
    expect(() => when(full, add('extra', 999))).toThrow(new ConflictError(WITHDRAWAL_ADDRESSES_FULL_MESSAGE));
  });

  it('appends nothing when the same add (same id and fields) is decided again', () => {
    expect(when([add('a', 1)], add('a', 1))).toEqual([]);
  });
});

describe('editing a withdrawal address', () => {
  it('records the new label, address and network', () => {
    expect(when([add('a', 1)], edit('a', 7, 'Ethereum', 'Ledger'))).toEqual([
      { type: 'WithdrawalAddressEdited', data: { userId: 'u-1', addressId: 'a', label: 'Ledger', address: addr(7), network: 'Ethereum', editedAt: NOW } },
    ]);
  });

  it('appends nothing when nothing changes', () => {
    expect(when([add('a', 1)], edit('a', 1))).toEqual([]);
  });

  it('refuses to turn one saved address into a copy of another', () => {
    expect(() => when([add('a', 1), add('b', 2)], edit('b', 1))).toThrow(ConflictError);
  });

  it('answers not found for an unknown or removed address', () => {
    expect(() => when([], edit('a', 1))).toThrow(new NotFoundError(ADDRESS_NOT_FOUND_MESSAGE));
    expect(() => when([add('a', 1), remove('a')], edit('a', 1))).toThrow(NotFoundError);
  });
});

describe('deleting a withdrawal address', () => {
  it('deletes a non-primary address without touching the primary', () => {
    expect(when([add('a', 1), add('b', 2)], remove('b')).map((e) => e.type)).toEqual(['WithdrawalAddressRemoved']);
  });

  it('makes the oldest remaining address primary when the primary is deleted', () => {
    const state = stateAfter(add('a', 1), add('b', 2), add('c', 3), setPrimary('c'), remove('c'));
    expect(primaryAddress(state)?.addressId).toBe('a');
    expect([...state.addresses.keys()]).toEqual(['a', 'b']);
  });

  it('leaves no primary when the last address is deleted', () => {
    expect(when([add('a', 1)], remove('a'))).toEqual([
      { type: 'WithdrawalAddressRemoved', data: { userId: 'u-1', addressId: 'a', removedAt: NOW } },
      { type: 'PrimaryWithdrawalAddressSet', data: { userId: 'u-1', addressId: null, setAt: NOW } },
    ]);
  });

  it('answers not found when the address was already deleted', () => {
    expect(() => when([add('a', 1), remove('a')], remove('a'))).toThrow(new NotFoundError(ADDRESS_NOT_FOUND_MESSAGE));
  });

  it('lets a deleted address be saved again, and the new one becomes primary when none is left', () => {
    expect(primaryAddress(stateAfter(add('a', 1), remove('a'), add('b', 1)))?.addressId).toBe('b');
  });
});

describe('setting the primary address', () => {
  it('moves primacy to the chosen address', () => {
    expect(when([add('a', 1), add('b', 2)], setPrimary('b'))).toEqual([
      { type: 'PrimaryWithdrawalAddressSet', data: { userId: 'u-1', addressId: 'b', setAt: NOW } },
    ]);
  });

  it('appends nothing when the address is already primary', () => {
    expect(when([add('a', 1)], setPrimary('a'))).toEqual([]);
  });

  it('answers not found for an address that the member has not saved', () => {
    expect(() => when([add('a', 1)], setPrimary('zzz'))).toThrow(new NotFoundError(ADDRESS_NOT_FOUND_MESSAGE));
  });
});
