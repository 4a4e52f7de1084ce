import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { notifyChannel } from '@concierge/platform/event-store/postgres/pg-event-store';
import { comparePositions, type Position } from '@concierge/platform/event-store/position';
import { userLife } from '@concierge/workers/testing/user-history';
import { killHard, spawnWorkers } from '@concierge/workers/testing/worker-process';
import { BENCH_DATABASE_URL, benchStores } from './setup.js';
import { percentile, round } from './stats.js';

interface Sample {
  readonly startedAt: number;
  position?: Position;
  visibleAt?: number;
}

/**
 * Appends registrations at a fixed rate while the real workers process projects them, and measures
 * for each event the time from the start of its append to the moment the users read model's
 * checkpoint covers it (polled every 2 ms, so figures carry up to 2 ms of polling granularity).
 * The first `warmupSeconds` run at the same rate unmeasured (JIT, connection pools, queues).
 */
export async function benchProjectionLag(ratePerSecond = 500, seconds = 10, warmupSeconds = 2, processes = 2) {
  // A small pool: the appends need a few connections at this rate, and the server's 100 are shared.
  const stores = await benchStores('lag', 16);
  const queuePrefix = `bench-${randomUUID().slice(0, 8)}`;
  const workers = Array.from({ length: processes }, () =>
    spawnWorkers({
      DATABASE_URL: BENCH_DATABASE_URL,
      EVENT_STORE_SCHEMA: stores.eventStoreSchema,
      READ_STORE_SCHEMA: stores.readStoreSchema,
      QUEUE_PREFIX: queuePrefix,
    }),
  );
  // A bench that dies mid-run must not leave its worker processes behind.
  const killAll = () => workers.forEach((worker) => worker.kill('SIGKILL'));
  process.once('exit', killAll);
  try {
    // Every process is following the store (its subscription LISTENs) before the clock starts.
    const listening = async () =>
      Number(
        (
          await stores.pool.query<{ n: string }>(`SELECT count(*) AS n FROM pg_stat_activity WHERE query = $1`, [
            `LISTEN "${notifyChannel(stores.eventStoreSchema)}"`,
          ])
        ).rows[0]?.n ?? 0,
      );
    const startDeadline = Date.now() + 60_000;
    while ((await listening()) < processes) {
      if (Date.now() > startDeadline) throw new Error(`fewer than ${processes} worker processes started`);
      await sleep(100);
    }
    const registration = () => {
      const [event] = userLife(2, randomUUID());
      if (!event) throw new Error('no event');
      return event;
    };
    // Warm up: wait until the worker projects a first event.
    const warm = await stores.eventStore.appendToStream(`user-${randomUUID()}`, [registration()], { expectedRevision: 'no_stream' });
    const warmDeadline = Date.now() + 30_000;
    while (!(await covered(warm.position))) {
      if (Date.now() > warmDeadline) throw new Error('workers did not start projecting');
      await sleep(20);
    }

    const samples: Sample[] = [];
    // Only samples not yet seen are scanned on each poll, so the measuring stays cheap.
    const pending = new Set<Sample>();
    const warmup = ratePerSecond * warmupSeconds;
    const total = warmup + ratePerSecond * seconds;
    const intervalMs = 1000 / ratePerSecond;
    const appends: Promise<void>[] = [];
    const started = performance.now();
    let polling = true;
    const poller = (async () => {
      while (polling || pending.size > 0) {
        const checkpoint = await stores.readStore.getCheckpoint('users');
        const now = performance.now();
        if (checkpoint) {
          for (const s of pending) {
            if (s.position && comparePositions(s.position, checkpoint) <= 0) {
              s.visibleAt = now;
              pending.delete(s);
            }
          }
        }
        if (performance.now() - started > (seconds + 30) * 1000) break;
        await sleep(2);
      }
    })();
    for (let i = 0; i < total; i += 1) {
      const due = started + i * intervalMs;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      const sample: Sample = { startedAt: performance.now() };
      if (i >= warmup) {
        samples.push(sample);
        pending.add(sample);
      }
      const append = stores.eventStore
        .appendToStream(`user-${randomUUID()}`, [registration()], { expectedRevision: 'no_stream' })
        .then((result) => void (sample.position = result.position));
      // Observed at once, so one failed append fails the bench through Promise.all below, not the process.
      append.catch(() => undefined);
      appends.push(append);
    }
    await Promise.all(appends);
    const achievedRate = total / ((performance.now() - started) / 1000);
    const measuredFrom = samples[0]?.startedAt ?? started;
    polling = false;
    await poller;
    if (process.env['BENCH_LAG_TIMELINE']) {
      const buckets = new Map<number, number>();
      for (const s of samples) {
        const b = Math.floor((s.startedAt - measuredFrom) / 500);
        buckets.set(b, Math.max(buckets.get(b) ?? 0, (s.visibleAt ?? 0) - s.startedAt));
      }
      console.log('max lag per 500 ms:', [...buckets.values()].map((v) => Math.round(v)).join(' '));
    }
    const lags = samples.filter((s) => s.visibleAt !== undefined).map((s) => (s.visibleAt ?? 0) - s.startedAt);
    return {
      targetRate: ratePerSecond,
      achievedRate: round(achievedRate),
      events: samples.length,
      warmupEvents: warmup,
      workerProcesses: processes,
      projected: lags.length,
      lagP50Ms: round(percentile(lags, 50), 1),
      lagP99Ms: round(percentile(lags, 99), 1),
      lagMaxMs: round(Math.max(...lags), 1),
    };
  } finally {
    process.off('exit', killAll);
    await Promise.all(workers.map((worker) => killHard(worker)));
    await dropQueueKeys(queuePrefix);
    await stores.drop();
  }

  async function covered(position: Position) {
    const checkpoint = await stores.readStore.getCheckpoint('users');
    return checkpoint !== undefined && comparePositions(position, checkpoint) <= 0;
  }
}

/** The workers' queues under the bench's prefix: the server is shared, so nothing is left behind. */
async function dropQueueKeys(prefix: string): Promise<void> {
  const redis = new Redis(process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
  try {
    for await (const keys of redis.scanStream({ match: `${prefix}:*`, count: 500 })) {
      if ((keys as string[]).length > 0) await redis.del(...(keys as string[]));
    }
  } finally {
    redis.disconnect();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
