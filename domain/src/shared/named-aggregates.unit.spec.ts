import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resetTokenAggregate } from '../identity/password-reset/reset-token.js';
import { sessionAggregate } from '../identity/session/decide.js';
import { stepUpAggregate } from '../identity/step-up/decide.js';
import { userAggregate } from '../identity/user/decide.js';
import { accountAggregate } from '../money/account/decide.js';
import { walletAggregate } from '../money/wallets/decide.js';
import { withdrawalAddressesAggregate } from '../money/withdrawal-addresses/decide.js';
import { planAggregate } from '../plans/decide.js';
import { portfolioAggregate } from '../portfolio/snapshot/decide.js';
import { strategyAggregate } from '../strategies/decide.js';
import { claimAggregate } from './claims.js';
import type { Evolver } from './state-loader.js';
import { decodeState, encodeState } from './state-codec.js';

/** Every aggregate a command decides on, by its exported name. */
const AGGREGATES: Record<string, Evolver<unknown, never>> = {
  accountAggregate,
  userAggregate,
  sessionAggregate,
  stepUpAggregate,
  resetTokenAggregate,
  walletAggregate,
  withdrawalAddressesAggregate,
  planAggregate,
  strategyAggregate,
  portfolioAggregate,
  claimAggregate,
};

const DOMAIN_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.includes('.spec.') ? [full] : [];
  });
}

/** Through the snapshot store's wire: encoded, written as JSON text, read back and decoded. */
const roundTrip = (state: unknown) => decodeState(JSON.parse(JSON.stringify(encodeState(state))));
const fold = (aggregate: Evolver<unknown, never>, events: readonly { type: string; data: Record<string, unknown> }[]) =>
  events.reduce((state, event) => aggregate.evolve(state, event as never), aggregate.initialState);

const at = '2026-11-28T12:00:00.000Z';
const hash = (c: string) => c.repeat(64);

describe('aggregates and the state cache', () => {
  it('lists every aggregate the domain exports, so none is left out of the check below', () => {
    const exported = sourceFiles(DOMAIN_SRC).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/export const (\w+Aggregate)\b/g)].map((m) => m[1]));
    expect(new Set(exported)).toEqual(new Set(Object.keys(AGGREGATES)));
  });

  it('names every aggregate once, with a snapshot version, so each uses the cache and snapshots', () => {
    const names = Object.values(AGGREGATES).map((aggregate) => aggregate.snapshot.name);
    for (const aggregate of Object.values(AGGREGATES)) {
      expect(aggregate.snapshot.name).toMatch(/^[a-z][A-Za-z]*$/);
      expect(Number.isInteger(aggregate.snapshot.version) && aggregate.snapshot.version > 0).toBe(true);
    }
    expect(new Set(names).size).toBe(names.length);
  });

  it('brings the states of the member streams back exactly from a snapshot: maps in order, lists, nulls', () => {
    const userId = 'u-1';
    const added = (addressId: string, n: number) => ({
      type: 'WithdrawalAddressAdded',
      data: { userId, addressId, label: `L${n}`, address: `0x${String(n).padStart(40, '0')}`, network: 'Avalanche', addedAt: at },
    });
    const bookEvents = [added('b', 2), added('a', 1), { type: 'PrimaryWithdrawalAddressSet', data: { userId, addressId: 'b', setAt: at } }, added('c', 3)];
    const samples: [Evolver<unknown, never>, { type: string; data: Record<string, unknown> }[]][] = [
      [withdrawalAddressesAggregate, bookEvents],
      [
        sessionAggregate,
        [
          { type: 'RefreshSessionIssued', data: { sessionId: 's', userId, tokenHash: hash('a'), rememberMe: true, issuedAt: at, expiresAt: at } },
          { type: 'RefreshSessionRotated', data: { sessionId: 's', userId, tokenHash: hash('b'), expiresAt: at, rotatedAt: at } },
        ],
      ],
      [
        stepUpAggregate,
        [
          { type: 'StepUpRefused', data: { adminId: 'a', sessionId: 's', memberId: userId, refusedAt: at } },
          { type: 'StepUpGranted', data: { adminId: 'a', sessionId: 's', memberId: userId, grantHash: hash('c'), reason: 'support', expiresAt: at, grantedAt: at } },
        ],
      ],
      [
        userAggregate,
        [
          { type: 'UserRegistered', data: { userId, firstName: 'Ada', lastName: 'L', email: 'ada@example.com', passwordHash: 'h', role: 'user', registeredAt: at } },
          { type: 'UserProfileUpdated', data: { userId, firstName: 'Grace', lastName: 'H', updatedAt: at } },
        ],
      ],
      [walletAggregate, [{ type: 'AutoWithdrawalConfigured', data: { userId, enabled: true, configuredAt: at } }]],
      [claimAggregate, [{ type: 'UniqueValueClaimed', data: { value: 'Gold', ownerId: 'p', claimedAt: at } }]],
    ];
    for (const [aggregate, events] of samples) {
      const state = fold(aggregate, events);
      expect(state).not.toEqual(aggregate.initialState);
      expect(roundTrip(state)).toStrictEqual(state);
    }
    const book = roundTrip(fold(withdrawalAddressesAggregate, bookEvents)) as { addresses: ReadonlyMap<string, unknown> };
    expect([...book.addresses.keys()]).toEqual(['b', 'a', 'c']);
  });
});
