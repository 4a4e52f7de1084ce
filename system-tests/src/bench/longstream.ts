import { randomUUID } from 'node:crypto';
import type { CommandMetadata, RecordDeposit } from '@concierge/contracts';
import type { EventStore } from '@concierge/platform/event-store/port';
import { createPgSnapshotStore } from '@concierge/platform/snapshot-store/postgres/pg-snapshot-store';
import { accountStreamId, initialAccountState } from '@concierge/domain/money/account/account';
import { decideAccount } from '@concierge/domain/money/account/decide';
import { handleAccountCommand } from '@concierge/domain/money/account/handle';
import { aggregateStates, withAggregateStates } from '@concierge/domain/shared/aggregate-states';
import { toNewEvents, type CommandContext } from '@concierge/domain/shared/command-context';
import { benchStores } from './setup.js';
import { percentile, round } from './stats.js';

const ctx = (): CommandContext => ({ actor: { type: 'system', reason: 'bench' }, correlationId: 'bench', causationId: 'bench', now: new Date() });
const hash = () => `0x${randomUUID().replaceAll('-', '')}${randomUUID().replaceAll('-', '')}`;

function deposit(userId: string): RecordDeposit {
  const metadata: CommandMetadata = { actor: { type: 'system', reason: 'bench' }, now: new Date().toISOString(), correlationId: 'bench', commandId: 'bench' };
  const data = { depositId: randomUUID(), userId, transactionHash: hash(), amountMicro: 1_000_000n, timestamp: metadata.now, planId: null, feePercentage: '1.5' };
  return { type: 'RecordDeposit', data, metadata };
}

/** An account stream of `length` credited deposits, appended in bulk (no command, so no snapshot is taken). */
async function longAccount(store: EventStore, length: number): Promise<string> {
  const userId = randomUUID();
  for (let done = 0; done < length; done += 500) {
    const events = Array.from({ length: Math.min(500, length - done) }, () => decideAccount(deposit(userId), initialAccountState)).flat();
    await store.appendToStream(accountStreamId(userId), toNewEvents(events, ctx()), { expectedRevision: done === 0 ? 'no_stream' : BigInt(done - 1) });
  }
  return userId;
}

/** Times `a` and `b` alternately, so both see the same load of a shared machine. */
async function timedPairs(runs: number, a: () => Promise<unknown>, b: () => Promise<unknown>): Promise<[number[], number[]]> {
  const [as, bs]: [number[], number[]] = [[], []];
  const time = async (task: () => Promise<unknown>, into: number[]) => {
    const started = performance.now();
    await task();
    into.push(performance.now() - started);
  };
  for (let i = 0; i < runs; i += 1) {
    await time(a, as);
    await time(b, bs);
  }
  return [as, bs];
}

const figures = (samples: readonly number[]) => ({ p50: round(percentile(samples, 50), 2), p99: round(percentile(samples, 99), 2) });

/**
 * A deposit recorded on an account stream through the real handler on PostgreSQL: on a stream of
 * `length` events and on a new stream, in one process. `cache+snapshots` is the product's setting
 * (warm process); `snapshots only` is a process that has not seen the stream (snapshot + tail every
 * time); `full replay` is the handler without either, as it was.
 */
export async function benchLongStream(length = 10_000, runs = 300, snapshotEvery = 500) {
  const stores = await benchStores('longstream');
  const snapshots = createPgSnapshotStore({ pool: stores.pool, schema: stores.eventStoreSchema });
  try {
    const modes: { mode: string; store: () => EventStore; runs: number }[] = [
      { mode: 'cache+snapshots', store: () => withAggregateStates(stores.eventStore, aggregateStates({ snapshots, snapshotEvery })), runs },
      { mode: 'snapshots only', store: () => withAggregateStates(stores.eventStore, aggregateStates({ snapshots, snapshotEvery, cacheSize: 0 })), runs: Math.ceil(runs / 3) },
      { mode: 'full replay', store: () => stores.eventStore, runs: Math.ceil(runs / 10) },
    ];
    const rows = [];
    for (const { mode, store: makeStore, runs: n } of modes) {
      const userId = await longAccount(stores.eventStore, length);
      const store = makeStore();
      // Warm-up: connections, prepared statements, and the first fold of the long stream (which writes its first snapshot).
      for (let i = 0; i < 5; i += 1) {
        await handleAccountCommand(store, userId, deposit(userId), ctx());
        const fresh = randomUUID();
        await handleAccountCommand(store, fresh, deposit(fresh), ctx());
      }
      const [long, fresh] = await timedPairs(
        n,
        () => handleAccountCommand(store, userId, deposit(userId), ctx()),
        () => {
          const newUser = randomUUID();
          return handleAccountCommand(store, newUser, deposit(newUser), ctx());
        },
      );
      const [l, f] = [figures(long), figures(fresh)];
      rows.push({ mode, events: length, runs: n, longP50: l.p50, longP99: l.p99, newP50: f.p50, newP99: f.p99, ratioP50: round(l.p50 / f.p50, 2), ratioP99: round(l.p99 / f.p99, 2) });
    }
    return rows;
  } finally {
    await stores.drop();
  }
}
