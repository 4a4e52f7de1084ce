import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { CheckpointFollower } from '@concierge/platform/audit/checkpoint-follower';
import { checkCheckpoint, loadLatestCheckpoint } from '@concierge/platform/audit/checkpoints';
import { testAuditKey } from '@concierge/platform/audit/testing/checkpoint';
import { seededStore } from '@concierge/platform/audit/testing/seeded-store';
import { verifyChains } from '@concierge/platform/audit/verify';
import type { EventStore } from '@concierge/platform/event-store/port';
import { testEvent } from '@concierge/platform/event-store/testing/events';
import { createPgReadStore } from '@concierge/platform/read-store/postgres/pg-read-store';
import type { ReadStore } from '@concierge/platform/read-store/port';
import type { TestSchemas } from '@concierge/platform/testing/postgres';
import { editAndRechain } from '@concierge/platform/testing/tamper';
import { untilVisible } from '../../audit/replay-verify/testing/visible.js';
import { runAuditCheckpoint } from './run.js';
import { runTailCheckpoint } from './tail.js';

describe('checkpoints of the unsigned tail, every N events or M minutes', () => {
  let schemas: TestSchemas | undefined;
  let store: EventStore;
  let readStore: ReadStore;
  const { key } = testAuditKey();
  const logger = pino({ level: 'silent' });
  afterEach(async () => schemas?.drop());

  async function seed(label: string) {
    ({ schemas, store } = await seededStore(label, 3, 4));
    readStore = createPgReadStore({ pool: schemas.pool, schema: schemas.readStoreSchema });
    await runAuditCheckpoint({ eventStore: store, readStore, key, logger }, randomUUID());
    return new CheckpointFollower(store, key);
  }
  const tail = async (follower: CheckpointFollower, everyEvents: number, everyMs = 3_600_000, now = new Date()) => {
    await untilVisible(store);
    return runTailCheckpoint({ eventStore: store, readStore, key, logger, follower, everyEvents, everyMs, now: () => now }, randomUUID());
  };
  const append = async (stream: string, after: bigint, count: number) =>
    store.appendToStream(stream, Array.from({ length: count }, () => testEvent('Deposited', { amount: '1.00' })), { expectedRevision: after });

  it('signs the tail once N events wait, or once the latest checkpoint is M old, and not before; the store then verifies against it', async () => {
    const follower = await seed('tailsign');
    expect(await tail(follower, 3)).toEqual({ kind: 'nothing-new', events: 0 });
    await append('account-1', 3n, 2);
    expect(await tail(follower, 3)).toEqual({ kind: 'waiting', events: 2 });
    await store.appendToStream('account-9', [testEvent('Deposited', {})], { expectedRevision: 'no_stream' });
    expect(await tail(follower, 3)).toEqual({ kind: 'signed', sequence: 2, events: 3 });
    // Its own events are not news: nothing is signed again until something else is appended.
    expect(await tail(follower, 1, 0)).toEqual({ kind: 'nothing-new', events: 0 });
    await append('account-2', 3n, 1);
    const later = new Date(Date.now() + 61_000);
    expect(await tail(follower, 1_000, 60_000)).toEqual({ kind: 'waiting', events: 1 });
    expect(await tail(follower, 1_000, 60_000, later)).toEqual({ kind: 'signed', sequence: 3, events: 1 });

    const latest = await loadLatestCheckpoint(store);
    expect(latest && checkCheckpoint(latest, key)).toEqual([]);
    expect([latest?.heads.get('account-1')?.revision, latest?.heads.get('account-2')?.revision, latest?.heads.get('account-9')?.revision]).toEqual([5n, 4n, 0n]);
    expect((await verifyChains(store, { against: latest?.heads })).breaks).toEqual([]);
  });

  it('signs nothing and says so when a stream that moved was re-chained behind the latest checkpoint', async () => {
    const follower = await seed('tailbroken');
    const { pool, eventStoreSchema } = schemas as TestSchemas;
    await editAndRechain(pool, eventStoreSchema, 'account-0', 1n, (data) => ({ ...data, amount: '4000.00' }));
    await append('account-0', 3n, 1);
    expect(await tail(follower, 1)).toEqual({ kind: 'broken' });
    expect((await loadLatestCheckpoint(store))?.checkpoint.sequence).toBe(1);
  });
});
