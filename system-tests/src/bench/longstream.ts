import { createPgSnapshotStore } from '@concierge/platform/snapshot-store/postgres/pg-snapshot-store';
import { aggregateStates, type AggregateDeps } from '@concierge/domain/shared/aggregate-states';
import { LONG_STREAM_SUBJECTS, type LongStreamSubject } from './longstream-subjects.js';
import { benchStores } from './setup.js';
import { percentile, round } from './stats.js';

/** The goal of issues 14 and 23: a command on a long stream costs at most this many times one on a new stream. */
export const LONG_STREAM_TARGET = 1.5;

/** Times `a` and `b` alternately, so both see the same load of a shared machine; `prepare` (untimed) makes each `b`. */
async function timedPairs(runs: number, a: () => Promise<unknown>, prepare: () => Promise<() => Promise<unknown>>): Promise<[number[], number[]]> {
  const [as, bs]: [number[], number[]] = [[], []];
  const time = async (task: () => Promise<unknown>, into: number[]) => {
    const started = performance.now();
    await task();
    into.push(performance.now() - started);
  };
  for (let i = 0; i < runs; i += 1) {
    await time(a, as);
    await time(await prepare(), bs);
  }
  return [as, bs];
}

const figures = (samples: readonly number[]) => ({ p50: round(percentile(samples, 50), 2), p99: round(percentile(samples, 99), 2) });

/**
 * A member's command through the real handler on PostgreSQL, on a stream of `length` events and on a
 * new member's stream, in one process: a deposit on `account-<id>`, a profile update on `user-<id>`,
 * an address added or removed on `addressBook-<id>`. `cache+snapshots` is the product's setting
 * (warm process); `snapshots only` is a process that has not seen the stream (snapshot + tail every
 * time); `full replay` is the handler without either, as it was.
 */
export async function benchLongStream(length = 10_000, runs = 300, snapshotEvery = 500, subjects: readonly LongStreamSubject[] = LONG_STREAM_SUBJECTS) {
  const stores = await benchStores('longstream');
  const snapshots = createPgSnapshotStore({ pool: stores.pool, schema: stores.eventStoreSchema });
  try {
    const modes: { mode: string; deps: () => AggregateDeps; runs: number }[] = [
      { mode: 'cache+snapshots', deps: () => ({ eventStore: stores.eventStore, aggregateStates: aggregateStates({ snapshots, snapshotEvery }) }), runs },
      { mode: 'snapshots only', deps: () => ({ eventStore: stores.eventStore, aggregateStates: aggregateStates({ snapshots, snapshotEvery, cacheSize: 0 }) }), runs: Math.ceil(runs / 3) },
      { mode: 'full replay', deps: () => ({ eventStore: stores.eventStore }), runs: Math.ceil(runs / 10) },
    ];
    const rows = [];
    for (const subject of subjects) {
      for (const { mode, deps: makeDeps, runs: n } of modes) {
        const memberId = await subject.build(stores.eventStore, length);
        const deps = makeDeps();
        const long = subject.command(deps, memberId);
        const fresh = async () => subject.command(deps, await subject.fresh(stores.eventStore));
        // Warm-up: connections, prepared statements, and the first fold of the long stream (which writes its first snapshot).
        for (let i = 0; i < 5; i += 1) {
          await long();
          await (await fresh())();
        }
        const [longMs, newMs] = await timedPairs(n, long, fresh);
        const [l, f] = [figures(longMs), figures(newMs)];
        const ratioP50 = round(l.p50 / f.p50, 2);
        rows.push({
          stream: subject.stream,
          of: subject.events,
          mode,
          events: length,
          runs: n,
          longP50: l.p50,
          longP99: l.p99,
          newP50: f.p50,
          newP99: f.p99,
          ratioP50,
          ratioP99: round(l.p99 / f.p99, 2),
          ...(mode === 'cache+snapshots' ? { target: `<= ${LONG_STREAM_TARGET}x`, met: ratioP50 <= LONG_STREAM_TARGET } : {}),
        });
      }
    }
    return rows;
  } finally {
    await stores.drop();
  }
}
