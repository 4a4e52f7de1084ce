import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { CheckpointFollower } from '@concierge/platform/audit/checkpoint-follower';
import { testAuditKey } from '@concierge/platform/audit/testing/checkpoint';
import { testEvent } from '@concierge/platform/event-store/testing/events';
import { runAuditCheckpoint } from '@concierge/workers/jobs/audit-checkpoints/run';
import { runTailCheckpoint } from '@concierge/workers/jobs/audit-checkpoints/tail';
import { benchStores } from './setup.js';
import { percentile, round } from './stats.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The tail's checkpoint at its defaults (AUDIT_CHECKPOINT_EVERY_EVENTS 1,000, AUDIT_CHECKPOINT_EVERY
 * 1m, a look every 5 s) under a steady append rate: `rate` one-event appends a second to `streams`
 * streams for `seconds`, the workers' job code looking at the tail every 5 s in the same process.
 * Each look's wall time (reading the tail, hashing it, signing and appending when due) and, as the
 * share of a worker core, their sum over the run's duration (an upper bound: waits on PostgreSQL count).
 */
export async function benchCheckpointTail(rate = 200, seconds = 40, streams = 500) {
  const stores = await benchStores('ckpttail');
  try {
    const { key } = testAuditKey();
    const logger = pino({ level: 'silent' });
    const heads = new Map<string, bigint>();
    const append = async (i: number) => {
      const stream = `account-${i % streams}`;
      const head = heads.get(stream);
      const { nextRevision } = await stores.eventStore.appendToStream(stream, [testEvent('Deposited', { amount: '1.00', n: i })], { expectedRevision: head ?? 'no_stream' });
      heads.set(stream, nextRevision);
    };
    for (let i = 0; i < streams * 10; i += 1) await append(i);
    const fullStarted = performance.now();
    await runAuditCheckpoint({ eventStore: stores.eventStore, readStore: stores.readStore, key, logger }, randomUUID());
    const fullMs = performance.now() - fullStarted;

    const follower = new CheckpointFollower(stores.eventStore, key);
    const deps = { eventStore: stores.eventStore, readStore: stores.readStore, key, logger, follower, everyEvents: 1_000, everyMs: 60_000 };
    const looks: { ms: number; kind: string; events: number }[] = [];
    const started = performance.now();
    const end = started + seconds * 1000;
    let appended = 0;
    const appender = (async () => {
      for (let i = streams * 10; performance.now() < end; i += 1) {
        await append(i);
        appended += 1;
        const due = started + (appended / rate) * 1000;
        if (due > performance.now()) await sleep(due - performance.now());
      }
    })();
    while (performance.now() < end) {
      await sleep(5_000);
      const at = performance.now();
      const outcome = await runTailCheckpoint(deps, randomUUID());
      looks.push({ ms: performance.now() - at, kind: outcome.kind, events: 'events' in outcome ? outcome.events : 0 });
    }
    await appender;
    const elapsed = (performance.now() - started) / 1000;
    const signed = looks.filter((l) => l.kind === 'signed').map((l) => l.ms);
    const waiting = looks.filter((l) => l.kind !== 'signed').map((l) => l.ms);
    const busy = looks.reduce((sum, l) => sum + l.ms, 0) / 1000;
    return {
      appendsPerSecond: round(appended / elapsed),
      storeEvents: streams * 10 + appended,
      firstFullCheckpointMs: round(fullMs),
      looks: looks.length,
      signed: signed.length,
      eventsPerSignedCheckpoint: looks.filter((l) => l.kind === 'signed').map((l) => l.events),
      signedMs: { median: round(percentile(signed, 50), 1), min: round(Math.min(...signed), 1), max: round(Math.max(...signed), 1) },
      otherLookMs: waiting.length > 0 ? { median: round(percentile(waiting, 50), 1), max: round(Math.max(...waiting), 1) } : null,
      shareOfACorePercent: round((busy / elapsed) * 100, 2),
    };
  } finally {
    await stores.drop();
  }
}
