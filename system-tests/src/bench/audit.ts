import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type pg from 'pg';
import { canonicalJson, hexDigestOfCanonicalParts } from '@concierge/platform/event-store/hash-chain';
import { verifyChains } from '@concierge/platform/audit/verify';
import { createPgEventStore } from '@concierge/platform/event-store/postgres/pg-event-store';
import type { EventStore, NewEvent } from '@concierge/platform/event-store/port';
import { migrate } from '@concierge/platform/postgres/migrations';
import { BENCH_DATABASE_URL, benchStores } from './setup.js';
import { percentile, round, runPool } from './stats.js';

/** An event shaped like a recorded deposit, with the envelope every writer adds. */
function depositEvent(userId: string, n: number): NewEvent {
  const id = randomUUID();
  return {
    id,
    type: 'DepositRecorded',
    data: {
      depositId: randomUUID(),
      userId,
      transactionHash: `0x${randomUUID().replaceAll('-', '')}${randomUUID().replaceAll('-', '')}`,
      amountMicro: `${1_000_000 + n}`,
      feePercentageAtDeposit: '1.5',
      feeMicro: '15000',
      planId: null,
      recordedAt: new Date().toISOString(),
    },
    metadata: { actor: { type: 'user', userId, role: 'member' }, correlationId: id, causationId: id, occurredAt: new Date().toISOString(), schemaVersion: 1 },
  };
}

/**
 * Chain verification speed over a store of `streams` x `perStream` events (appended 100 at a time),
 * the whole store read and every hash recomputed, `runs` times.
 */
export async function benchAuditVerify(streams = 2_000, perStream = 100, runs = 3) {
  const stores = await benchStores('auditverify');
  try {
    const loadStarted = performance.now();
    await runPool(streams, 8, async () => {
      const userId = randomUUID();
      for (let done = 0; done < perStream; done += 100) {
        const batch = Array.from({ length: Math.min(100, perStream - done) }, (_, i) => depositEvent(userId, done + i));
        await stores.eventStore.appendToStream(`account-${userId}`, batch, { expectedRevision: done === 0 ? 'no_stream' : BigInt(done - 1) });
      }
    });
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    const rates: number[] = [];
    let events = 0;
    for (let run = 0; run < runs; run += 1) {
      const report = await verifyChains(stores.eventStore);
      if (report.breaks.length > 0) throw new Error(`bench store does not verify: ${report.breaks[0]?.message}`);
      events = report.events;
      rates.push(report.events / report.seconds);
    }
    return { streams, events, loadEventsPerSecond: round((streams * perStream) / loadSeconds), verifyEventsPerSecond: rates.map((r) => round(r)) };
  } finally {
    await stores.drop();
  }
}

/**
 * Append throughput with the hash chain and with it switched off (the adapter's test-only
 * `hashChain: false`), side by side in one run: two schemas of one database, the same writers,
 * many short rounds alternating between them (ABBA) so both see the same load of a shared machine.
 * The cost is given from the totals and as the median of the rounds' pairs, which load spikes move less.
 */
export async function benchAuditAppendCost(writers = 50, eventsPerAppend = 1, pairs = 12, roundSeconds = 1.5) {
  const stores = await benchStores('auditappend');
  const plainSchema = `${stores.eventStoreSchema}_plain`;
  try {
    await migrate(stores.pool, { eventStoreSchema: plainSchema });
    const plain = createPgEventStore({ pool: stores.pool, connectionString: BENCH_DATABASE_URL, schema: plainSchema, hashChain: false });
    const modes = { chained: { store: stores.eventStore, events: 0, seconds: 0, revisions: new Map<number, bigint>() }, plain: { store: plain, events: 0, seconds: 0, revisions: new Map<number, bigint>() } };
    const pairCosts: number[] = [];
    for (let p = 0; p < pairs; p += 1) {
      const rates = { chained: 0, plain: 0 };
      for (const name of p % 2 === 0 ? (['chained', 'plain'] as const) : (['plain', 'chained'] as const)) {
        const mode = modes[name];
        const { events, seconds } = await appendFor(mode.store, mode.revisions, writers, eventsPerAppend, roundSeconds);
        mode.events += events;
        mode.seconds += seconds;
        rates[name] = events / seconds;
      }
      pairCosts.push(((rates.plain - rates.chained) / rates.plain) * 100);
    }
    const chainedRate = modes.chained.events / modes.chained.seconds;
    const plainRate = modes.plain.events / modes.plain.seconds;
    return {
      writers,
      eventsPerAppend,
      withChainEventsPerSecond: round(chainedRate),
      withoutChainEventsPerSecond: round(plainRate),
      costPercent: round(((plainRate - chainedRate) / plainRate) * 100, 1),
      medianPairCostPercent: round(percentile(pairCosts, 50), 1),
      ...(await hashingCpu(stores.pool)),
    };
  } finally {
    await stores.pool.query(`DROP SCHEMA IF EXISTS ${plainSchema} CASCADE`);
    await stores.drop();
  }
}

/**
 * What the chain adds per event in CPU, load aside: in the writer, canonical JSON and the content
 * digest instead of JSON.stringify; in PostgreSQL, the chain step (one sha256 over 72 bytes).
 */
async function hashingCpu(pool: pg.Pool) {
  const sample = Array.from({ length: 20_000 }, (_, i) => depositEvent(randomUUID(), i));
  const plain = () => sample.forEach((e) => [JSON.stringify(e.data), JSON.stringify(e.metadata)]);
  // As the adapter does it: the digest written in hex into the append's one bytea parameter.
  const contents = Buffer.allocUnsafe(32);
  const chained = () =>
    sample.forEach((e) => {
      const [data, metadata] = [canonicalJson(e.data), canonicalJson(e.metadata)];
      contents.write(hexDigestOfCanonicalParts('account-x', e.id, e.type, data, metadata), 0, 'hex');
    });
  // Alternating, best of 7 each: the least disturbed run of each is the nearest to its own cost.
  const best = { plain: Number.POSITIVE_INFINITY, chained: Number.POSITIVE_INFINITY };
  for (let i = 0; i < 7; i += 1) {
    for (const [name, work] of [['plain', plain], ['chained', chained]] as const) {
      const started = performance.now();
      work();
      best[name] = Math.min(best[name], ((performance.now() - started) * 1000) / sample.length);
    }
  }
  const [plainJs, chainedJs] = [best.plain, best.chained];
  const { rows } = await pool.query<{ ms: number }>(
    `SELECT extract(epoch FROM clock_timestamp() - now()) * 1000 AS ms FROM (
       SELECT count(sha256(decode(repeat('ab', 32), 'hex') || int8send(g) || decode(repeat('cd', 32), 'hex'))) FROM generate_series(1, 100000) g) x`,
  );
  const pgMicros = Number(rows[0]?.ms ?? Number.NaN) / 100;
  return { hashCpuMicrosPerEvent: { writerExtra: round(chainedJs - plainJs, 2), postgresChainStep: round(pgMicros, 2) } };
}

async function appendFor(store: EventStore, revisions: Map<number, bigint>, writers: number, eventsPerAppend: number, seconds: number) {
  let events = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      const userId = `bench-${w}`;
      while (performance.now() < deadline) {
        const revision = revisions.get(w);
        const batch = Array.from({ length: eventsPerAppend }, (_, i) => depositEvent(userId, events + i));
        const result = await store.appendToStream(`account-${userId}`, batch, { expectedRevision: revision ?? 'no_stream' });
        revisions.set(w, result.nextRevision);
        events += eventsPerAppend;
      }
    }),
  );
  return { events, seconds: (performance.now() - started) / 1000 };
}

/** `npm run bench -- audit`: verification speed, then the append cost of hashing at 1 and 10 events per append. */
export async function benchAudit(): Promise<[string, object][]> {
  // Other work on a shared machine moves these figures a lot: each row says how loaded it was.
  const load = () => ({ loadAverage1m: round(os.loadavg()[0] ?? Number.NaN, 1) });
  const rows: [string, object][] = [['hash chain verification (PostgreSQL event store, whole store read and rehashed)', { ...(await benchAuditVerify()), ...load() }]];
  for (const perAppend of [1, 10]) {
    rows.push(['append with vs without the hash chain (PostgreSQL, 50 writers, alternating rounds)', { ...(await benchAuditAppendCost(50, perAppend)), ...load() }]);
  }
  return rows;
}
