import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore, NewEvent } from '@concierge/platform/event-store/port';
import { START } from '@concierge/platform/event-store/position';
import { createPgEventStore } from '@concierge/platform/event-store/postgres/pg-event-store';
import { createLogger } from '@concierge/platform/logging/logger';
import { createPgReadStore } from '@concierge/platform/read-store/postgres/pg-read-store';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { createTestSchemas, type TestSchemas } from '@concierge/platform/testing/postgres';
import { deriveDepositWallet } from '@concierge/platform/wallet/hd-wallet';
import { walletStreamId } from '@concierge/domain/money/wallets/wallet';
import { DEPOSIT_ADDRESSES, depositAddressesReactor } from './deposit-addresses.js';
import { runReactorToCommitted } from '../testing/reactor-runs.js';

const MNEMONIC = 'test test test test test test test test test test test junk';

function event(type: string, data: Record<string, unknown>): NewEvent {
  const id = randomUUID();
  const metadata = { actor: { type: 'user' as const, userId: 'admin-1', role: 'admin' }, correlationId: id, causationId: id, occurredAt: new Date().toISOString(), schemaVersion: 1 };
  return { id, type, data, metadata };
}

describe('deposit addresses reactor', () => {
  let schemas: TestSchemas;
  let eventStore: EventStore;
  let readStore: ReadStore;

  beforeAll(async () => {
    schemas = await createTestSchemas('depositaddresses');
    eventStore = createPgEventStore({ pool: schemas.pool, connectionString: schemas.connectionString, schema: schemas.eventStoreSchema });
    readStore = createPgReadStore({ pool: schemas.pool, schema: schemas.readStoreSchema });
  });
  afterAll(async () => {
    await schemas.drop();
  });

  const reactor = () => depositAddressesReactor({ eventStore, mnemonic: MNEMONIC, logger: createLogger('test', 'silent') });
  const run = () => runReactorToCommitted(reactor(), { eventStore, readStore, batchSize: 3 });
  const at = () => new Date().toISOString();

  /** Registers a member and appends the given status events, as the user commands would. */
  function member(...then: ((userId: string) => NewEvent)[]): Promise<string> {
    return account('user', ...then);
  }
  async function account(role: 'user' | 'admin', ...then: ((userId: string) => NewEvent)[]): Promise<string> {
    const userId = randomUUID();
    const registered = event('UserRegistered', {
      userId, firstName: 'Ada', lastName: 'Lovelace', email: `${userId}@example.com`, passwordHash: 'x', role, registeredAt: at(),
    });
    await eventStore.appendToStream(`user-${userId}`, [registered, ...then.map((make) => make(userId))], { expectedRevision: 'no_stream' });
    return userId;
  }
  const approved = (userId: string) => event('UserApproved', { userId, approvedAt: at() });
  const status = (from: string, to: string) => (userId: string) => event('UserStatusChanged', { userId, from, to, changedAt: at() });
  const rejected = (userId: string) => event('UserRejected', { userId, reason: 'generic reason', rejectedAt: at() });

  const assigned = async (userId: string) =>
    (await eventStore.readStream(walletStreamId(userId))).filter((e) => e.type === 'DepositAddressAssigned').map((e) => e.data);
  const reservations = async () => {
    const { rows } = await schemas.pool.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM ${schemas.eventStoreSchema}.events WHERE type = 'DerivationIndexReserved'`,
    );
    return Number(rows[0]?.n);
  };

  let first: string;
  let second: string;

  it('gives members approved before its first run an address too, derived from the mnemonic', async () => {
    first = await member(approved);
    const result = await run();
    expect(result.events).toBeGreaterThan(0);
    const [deposit] = await assigned(first);
    expect(deposit).toMatchObject({ userId: first, derivationIndex: 1, address: deriveDepositWallet(MNEMONIC, 1).address });
    expect(await readStore.getCheckpoint(DEPOSIT_ADDRESSES)).toEqual(result.position);
  });

  it('gives an address on approval by status change, and none to pending, rejected or suspended members', async () => {
    second = await member(approved, status('approved', 'suspended'), status('suspended', 'approved'));
    const pending = await member();
    const refused = await member(rejected);
    const suspended = await member(approved, status('approved', 'suspended'));
    // Suspended after approval keeps the address it got on approval; the others get none.
    await run();
    expect(await assigned(second)).toHaveLength(1);
    expect(await assigned(pending)).toEqual([]);
    expect(await assigned(refused)).toEqual([]);
    expect(await assigned(suspended)).toHaveLength(1);
  });

  it('gives two members different indexes and addresses', async () => {
    const [a] = await assigned(first);
    const [b] = await assigned(second);
    expect(a?.['derivationIndex']).not.toBe(b?.['derivationIndex']);
    expect(a?.['address']).not.toBe(b?.['address']);
    expect(b?.['address']).toBe(deriveDepositWallet(MNEMONIC, Number(b?.['derivationIndex'])).address);
  });

  it('assigns nothing more when every event is delivered again (a crash before the checkpoint moved)', async () => {
    const before = await reservations();
    const now = await readStore.getCheckpoint(DEPOSIT_ADDRESSES);
    expect(await readStore.transaction((s) => s.advanceCheckpoint(DEPOSIT_ADDRESSES, now, START))).toBe(true);
    await Promise.all([run().catch(() => undefined), run().catch(() => undefined)]);
    await run();
    expect(await assigned(first)).toHaveLength(1);
    expect(await assigned(second)).toHaveLength(1);
    expect(await reservations()).toBe(before);
  });

  it('gives an administrator no address, and one when the administrator becomes an approved member', async () => {
    const admin = await account('admin', approved);
    await run();
    expect(await assigned(admin)).toEqual([]);
    const roleChange = event('UserRoleChanged', { userId: admin, from: 'admin', to: 'user', changedAt: at() });
    await eventStore.appendToStream(`user-${admin}`, [roleChange], { expectedRevision: 'any' });
    await run();
    expect(await assigned(admin)).toHaveLength(1);
  });
});
