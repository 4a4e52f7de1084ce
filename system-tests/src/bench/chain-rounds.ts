import { readFileSync } from 'node:fs';
import { createPgEventStore } from '@concierge/platform/event-store/postgres/pg-event-store';
import { migrate } from '@concierge/platform/postgres/migrations';
import { postgresProcesses } from './cores.js';
import { BENCH_DATABASE_URL, benchStores } from './setup.js';
import { medianInterval, percentile, round } from './stats.js';

/**
 * The audit bench's side-by-side rounds: the same work against an event store with the hash chain
 * and one without it, in one process, and what each mode cost.
 */

/** CPU time of every PostgreSQL process of this machine so far, in microseconds (Linux: /proc/<pid>/schedstat, nanoseconds). */
function postgresCpuMicros(): number {
  let total = 0;
  for (const pid of postgresProcesses()) {
    try {
      total += Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1000;
    } catch {
      // A process that ended meanwhile.
    }
  }
  return total;
}

/** Rounds of the same work against the store with the chain and against the one without it. */
export type Round = () => Promise<{ count: number; seconds: number }>;

/**
 * Side by side in one run: many short rounds alternating between the two modes (ABBA), so both see
 * the same load of a shared machine; a first pair warms both up (connections, prepared statements,
 * caches) and is not counted. The cost is given from the totals and as the median of the rounds'
 * pairs, which load spikes, checkpoints and autovacuum move less, with that median's 95% confidence
 * interval. CPU per unit of work (this process's threads, every PostgreSQL process) from the same rounds.
 */
export async function alternatingRounds(rounds: { chained: Round; plain: Round }, pairs: number) {
  const total = () => ({ count: 0, seconds: 0, writerMicros: 0, postgresMicros: 0 });
  const totals = { chained: total(), plain: total() };
  const pairCosts: number[] = [];
  for (let p = -1; p < pairs; p += 1) {
    const rates = { chained: 0, plain: 0 };
    for (const name of p % 2 === 0 ? (['chained', 'plain'] as const) : (['plain', 'chained'] as const)) {
      const [writerBefore, postgresBefore] = [process.cpuUsage(), postgresCpuMicros()];
      const { count, seconds } = await rounds[name]();
      const [writer, postgres] = [process.cpuUsage(writerBefore), postgresCpuMicros() - postgresBefore];
      rates[name] = count / seconds;
      if (p < 0) continue;
      const t = totals[name];
      t.count += count;
      t.seconds += seconds;
      t.writerMicros += writer.user + writer.system;
      t.postgresMicros += postgres;
    }
    if (p >= 0) pairCosts.push(((rates.plain - rates.chained) / rates.plain) * 100);
  }
  const rate = (t: typeof totals.plain) => t.count / t.seconds;
  const cpu = (t: typeof totals.plain) => ({ writer: round(t.writerMicros / t.count, 1), postgres: round(t.postgresMicros / t.count, 1) });
  return {
    withChainPerSecond: round(rate(totals.chained)),
    withoutChainPerSecond: round(rate(totals.plain)),
    costPercent: round(((rate(totals.plain) - rate(totals.chained)) / rate(totals.plain)) * 100, 1),
    medianPairCostPercent: round(percentile(pairCosts, 50), 1),
    // The goal holds when this interval's upper end is under it: one run's figure moves by a few points.
    medianPairCost95Percent: medianInterval(pairCosts)?.map((cost) => round(cost, 1)),
    cpuMicros: { withChain: cpu(totals.chained), withoutChain: cpu(totals.plain) },
  };
}

/** The bench's stores: one schema with the chain, one without it (the adapter's test-only `hashChain: false`). */
export async function chainedAndPlainStores(label: string) {
  const stores = await benchStores(label);
  const plainSchema = `${stores.eventStoreSchema}_plain`;
  await migrate(stores.pool, { eventStoreSchema: plainSchema });
  return {
    pool: stores.pool,
    credentials: stores.credentials,
    chained: stores.eventStore,
    plain: createPgEventStore({ pool: stores.pool, connectionString: BENCH_DATABASE_URL, schema: plainSchema, hashChain: false }),
    async drop() {
      await stores.pool.query(`DROP SCHEMA IF EXISTS ${plainSchema} CASCADE`);
      await stores.drop();
    },
  };
}
