import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError } from '@concierge/platform/errors';
import type { EventStore, ReadStreamOptions } from '@concierge/platform/event-store/port';
import { createPgEventStore } from '@concierge/platform/event-store/postgres/pg-event-store';
import type { SnapshotStore } from '@concierge/platform/snapshot-store/port';
import { createPgSnapshotStore } from '@concierge/platform/snapshot-store/postgres/pg-snapshot-store';
import { createTestSchemas, type TestSchemas } from '@concierge/platform/testing/postgres';
import { accountStreamId, type AccountState } from '../money/account/account.js';
import { acceptedHistory, op } from '../money/account/arbitraries.js';
import { accountAggregate, type AccountCommand } from '../money/account/decide.js';
import { recordDeposit, requestWithdrawal } from '../money/account/testing.js';
import type { AggregateDeps } from './aggregate.js';
import { aggregateStates, snapshotsWritten, type AggregateStates, type AggregateStatesOptions } from './aggregate-states.js';
import type { CommandContext } from './command-context.js';

const ctx = (): CommandContext => ({ actor: { type: 'system', reason: 'test' }, correlationId: 't', causationId: 't', now: new Date() });
const USDC = 1_000_000n;

describe('account state from the cache or a snapshot plus the events after it', () => {
  let schemas: TestSchemas;
  let events: EventStore;
  let snapshots: SnapshotStore;
  /** How many events each stream read returned, newest read last. */
  let reads: number[] = [];

  beforeAll(async () => {
    schemas = await createTestSchemas('aggstates');
    const plain = createPgEventStore({ pool: schemas.pool, connectionString: schemas.connectionString, schema: schemas.eventStoreSchema });
    events = {
      ...plain,
      readStream: async (streamId: string, options?: ReadStreamOptions) => {
        const read = await plain.readStream(streamId, options);
        reads.push(read.length);
        return read;
      },
    };
    snapshots = createPgSnapshotStore({ pool: schemas.pool, schema: schemas.eventStoreSchema });
  });
  afterAll(async () => schemas?.drop());

  const processes: AggregateStates[] = [];
  /** A process of the command side: its own cache, the shared snapshot store. */
  const process = (options: Partial<AggregateStatesOptions> = {}) => {
    const states = aggregateStates({ snapshots, snapshotEvery: 3, ...options });
    processes.push(states);
    return { eventStore: events, aggregateStates: states };
  };
  /** Snapshots are written after the command answers: waits for those under way. */
  const settled = () => Promise.all(processes.map(snapshotsWritten));

  async function run(store: AggregateDeps, userId: string, commands: readonly AccountCommand[]): Promise<AccountState> {
    let last = (await accountAggregate.handle(store, userId, commands[0] ?? recordDeposit(randomUUID(), USDC), ctx())).newState;
    for (const command of commands.slice(1)) last = (await accountAggregate.handle(store, userId, command, ctx())).newState;
    return last;
  }

  const deposits = (n: number) => Array.from({ length: n }, (_, i) => recordDeposit(randomUUID(), USDC, '1.5', i + 1));

  it('equals a full replay for any command sequence: the state each command returns, a warm process and a cold one reading the snapshot', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 40, size: 'max' }), async (steps) => {
        const userId = randomUUID();
        const { commands } = acceptedHistory(steps);
        const warm = process();
        const returned = await run(warm, userId, commands);
        const replayed = await accountAggregate.load({ eventStore: events }, userId);
        expect(returned).toStrictEqual(replayed);
        expect(await accountAggregate.load(warm, userId)).toStrictEqual(replayed);
        await settled();
        expect(await accountAggregate.load(process({ cacheSize: 0 }), userId)).toStrictEqual(replayed);
      }),
      { numRuns: 15, interruptAfterTimeLimit: 40_000, markInterruptAsFailure: true },
    );
  });

  it('reads only the events after the cached revision, or after the snapshot in a process that has not seen the stream', async () => {
    const userId = randomUUID();
    await run(process({ snapshotEvery: 10 }), userId, deposits(25));
    await settled();
    const warm = process({ snapshotEvery: 10 });
    await accountAggregate.load(warm, userId);
    reads = [];
    await accountAggregate.handle(warm, userId, recordDeposit(randomUUID(), USDC, '0', 99), ctx());
    // The cached revision's own event (to check the stream is the one cached), nothing before it.
    expect(reads).toEqual([1]);
    reads = [];
    await accountAggregate.load(process({ snapshotEvery: 10 }), userId);
    // 26 events, a snapshot at revision 19 (the last one due after 10 more events): it and the 6 after it.
    expect(reads).toEqual([7]);
    reads = [];
    await accountAggregate.load({ eventStore: events }, userId);
    expect(reads).toEqual([26]);
  });

  it('decides on the newest state when another process wrote since this one cached it (a lost race reads again)', async () => {
    const userId = randomUUID();
    const first = process();
    const second = process();
    await run(first, userId, [recordDeposit(randomUUID(), 10n * USDC)]);
    await accountAggregate.load(second, userId);
    await accountAggregate.handle(first, userId, requestWithdrawal(randomUUID(), 10n * USDC), ctx());
    await expect(accountAggregate.handle(second, userId, requestWithdrawal(randomUUID(), 10n * USDC), ctx())).rejects.toThrow(ConflictError);
    // Many racers in two processes over one cached stream: never more reserved than deposited.
    const racers = Array.from({ length: 20 }, (_, i) =>
      accountAggregate.handle(i % 2 ? first : second, userId, requestWithdrawal(randomUUID(), USDC), ctx()).catch(() => undefined),
    );
    await accountAggregate.handle(first, userId, recordDeposit(randomUUID(), 5n * USDC, '0', 7), ctx());
    await Promise.all(racers);
    const replayed = await accountAggregate.load({ eventStore: events }, userId);
    expect(replayed.availableMicro >= 0n).toBe(true);
    expect(await accountAggregate.load(first, userId)).toStrictEqual(replayed);
    expect(await accountAggregate.load(second, userId)).toStrictEqual(replayed);
  });

  it('ignores a snapshot of another version or one ahead of the stream, and replaces it with the next one written', async () => {
    const userId = randomUUID();
    const streamId = accountStreamId(userId);
    await run(process({ snapshots: undefined }), userId, deposits(4));
    await snapshots.write({ streamId, aggregate: 'account', snapshotVersion: accountAggregate.snapshot.version + 1, revision: 3n, state: { garbage: true } });
    expect(await accountAggregate.load(process(), userId)).toStrictEqual(await accountAggregate.load({ eventStore: events }, userId));
    await accountAggregate.handle(process(), userId, recordDeposit(randomUUID(), USDC, '0', 50), ctx());
    await settled();
    expect(await snapshots.read(streamId, 'account')).toMatchObject({ snapshotVersion: accountAggregate.snapshot.version, revision: 4n });
    await snapshots.write({ streamId, aggregate: 'account', snapshotVersion: accountAggregate.snapshot.version, revision: 90n, state: { garbage: true } });
    expect(await accountAggregate.load(process(), userId)).toStrictEqual(await accountAggregate.load({ eventStore: events }, userId));
  });

  it('never fails a command because a snapshot cannot be read or written', async () => {
    const failures: string[] = [];
    const broken: SnapshotStore = {
      read: () => Promise.reject(new Error('snapshot store down')),
      write: () => Promise.reject(new Error('snapshot store down')),
      close: async () => undefined,
    };
    const userId = randomUUID();
    const states = aggregateStates({ snapshots: broken, snapshotEvery: 1, cacheSize: 0, onSnapshotError: (e) => failures.push(String(e)) });
    const state = await run({ eventStore: events, aggregateStates: states }, userId, deposits(3));
    await snapshotsWritten(states);
    expect(state.balanceMicro).toBe(3n * USDC - 3n * 15_000n);
    expect(failures.length).toBeGreaterThanOrEqual(3);
    expect(await accountAggregate.load({ eventStore: events }, userId)).toStrictEqual(state);
  });
});
