import { randomUUID } from 'node:crypto';
import { Queue, Worker, type Job } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SNAPSHOT_MEMBER, SNAPSHOT_ROUND } from '@concierge/contracts';
import { START } from '@concierge/platform/event-store/position';
import { createPgEventStore } from '@concierge/platform/event-store/postgres/pg-event-store';
import { testEvent } from '@concierge/platform/event-store/testing/events';
import { serviceMetrics } from '@concierge/platform/metrics/registry';
import { checkHistograms, parseMetrics, sumOf } from '@concierge/platform/metrics/testing/scrape';
import { createPgReadStore } from '@concierge/platform/read-store/postgres/pg-read-store';
import { createTestSchemas, type TestSchemas } from '@concierge/platform/testing/postgres';
import { CATCH_UP, SETTLE_WITHDRAWAL } from '../queues.js';
import { createRedis } from '../redis.js';
import { jobMetrics } from './jobs.js';
import { projectionLagGauges } from './projection-lag.js';
import { queueDepthGauge } from './queue-depth.js';

const REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';

describe('projection lag', () => {
  let schemas: TestSchemas;

  beforeAll(async () => {
    schemas = await createTestSchemas('wmetricslag');
  });

  afterAll(async () => {
    await schemas.drop();
  });

  it('is the age of the oldest event past each checkpoint and the count of events behind; a reactor that never ran is not behind', async () => {
    const eventStore = createPgEventStore({ pool: schemas.pool, connectionString: schemas.connectionString, schema: schemas.eventStoreSchema });
    const readStore = createPgReadStore({ pool: schemas.pool, schema: schemas.readStoreSchema });
    await eventStore.appendToStream(`user-${randomUUID()}`, [1, 2, 3, 4, 5].map(() => testEvent()), { expectedRevision: 'no_stream' });
    const events = await eventStore.readAll({ after: START, maxCount: 10 });
    const [, second, third] = events;
    if (!second || !third) throw new Error('the five events were not read back');
    await readStore.transaction((session) => session.advanceCheckpoint('halfway', undefined, second.position));
    const registry = serviceMetrics('workers', { processMetrics: false });
    projectionLagGauges(registry, {
      eventStore,
      readStore,
      processors: () => [
        { name: 'halfway', kind: 'projection' },
        { name: 'never-ran', kind: 'projection' },
        { name: 'new-reactor', kind: 'reactor', startFrom: 'head' },
        { name: 'replaying-reactor', kind: 'reactor', startFrom: 'start' },
      ],
      now: () => Date.parse(third.recordedAt) + 10_000,
    });

    const samples = parseMetrics(await registry.metrics());

    expect(sumOf(samples, 'concierge_projection_lag_events', { projection: 'halfway' })).toBe(3);
    expect(sumOf(samples, 'concierge_projection_lag_seconds', { projection: 'halfway' })).toBe(10);
    expect(sumOf(samples, 'concierge_projection_lag_events', { projection: 'never-ran' })).toBe(5);
    expect(sumOf(samples, 'concierge_projection_lag_seconds', { projection: 'never-ran' })).toBeGreaterThanOrEqual(10);
    expect(sumOf(samples, 'concierge_projection_lag_events', { projection: 'new-reactor', kind: 'reactor' })).toBe(0);
    expect(sumOf(samples, 'concierge_projection_lag_seconds', { projection: 'new-reactor' })).toBe(0);
    expect(sumOf(samples, 'concierge_projection_lag_events', { projection: 'replaying-reactor' })).toBe(5);
    await eventStore.close();
  });
});

describe('job metrics', () => {
  const prefix = `test-wmetrics-${randomUUID().slice(0, 8)}`;
  const connection = createRedis(REDIS_URL);
  const queue = new Queue('metrics-jobs', { connection, prefix });

  afterAll(async () => {
    await queue.obliterate({ force: true });
    await queue.close();
    connection.disconnect();
  });

  it("counts each queue's outcomes and durations, payouts by state, snapshot rounds and members valued, events processed, and reads the queue's depth", async () => {
    const registry = serviceMetrics('workers', { processMetrics: false });
    const jobs = jobMetrics(registry);
    const depth = queueDepthGauge(registry, { redisUrl: REDIS_URL, prefix, queues: jobs.queues });
    const worker = new Worker(
      'metrics-jobs',
      async (job: Job<{ fail?: boolean }>) => {
        if (job.data.fail) throw new Error('the node is down');
        if (job.name === SNAPSHOT_ROUND) return { slot: 's', members: 3, blockNumber: null };
        if (job.name === SNAPSHOT_MEMBER) return { outcome: 'recorded' };
        if (job.name === SETTLE_WITHDRAWAL) return { kind: 'completed', transactionHash: '0x1' };
        return { events: 7 };
      },
      { connection: createRedis(REDIS_URL), prefix, concurrency: 4 },
    );
    jobs.observe(worker);
    try {
      await queue.addBulk([
        { name: SNAPSHOT_ROUND, data: {} },
        { name: SNAPSHOT_MEMBER, data: {} },
        { name: SNAPSHOT_MEMBER, data: {} },
        { name: SNAPSHOT_MEMBER, data: { fail: true } },
        { name: SETTLE_WITHDRAWAL, data: {} },
        { name: SETTLE_WITHDRAWAL, data: { fail: true } },
        { name: CATCH_UP, data: { projection: 'users' } },
        { name: CATCH_UP, data: { projection: 'users' } },
      ]);
      await queue.add(CATCH_UP, { projection: 'later' }, { delay: 60_000 });
      await expect.poll(async () => sumOf(parseMetrics(await registry.metrics()), 'concierge_jobs_total'), { timeout: 10_000 }).toBe(8);

      const samples = parseMetrics(await registry.metrics());
      expect(sumOf(samples, 'concierge_jobs_total', { queue: 'metrics-jobs', outcome: 'completed' })).toBe(6);
      expect(sumOf(samples, 'concierge_jobs_total', { queue: 'metrics-jobs', outcome: 'failed' })).toBe(2);
      expect(checkHistograms(samples, 'concierge_job_duration_seconds')).toBe(2);
      expect(sumOf(samples, 'concierge_settlement_payouts_total', { state: 'completed' })).toBe(1);
      expect(sumOf(samples, 'concierge_settlement_payouts_total', { state: 'retrying' })).toBe(1);
      expect(sumOf(samples, 'concierge_snapshot_rounds_total', { outcome: 'completed' })).toBe(1);
      expect(sumOf(samples, 'concierge_snapshot_round_members_total')).toBe(3);
      expect(sumOf(samples, 'concierge_snapshot_round_duration_seconds_count')).toBe(1);
      expect(sumOf(samples, 'concierge_snapshot_members_valued_total', { outcome: 'recorded' })).toBe(2);
      expect(sumOf(samples, 'concierge_snapshot_members_valued_total', { outcome: 'failed' })).toBe(1);
      expect(sumOf(samples, 'concierge_projection_events_processed_total', { projection: 'users' })).toBe(14);
      expect(sumOf(samples, 'concierge_queue_jobs', { queue: 'metrics-jobs', state: 'delayed' })).toBe(1);
      expect(sumOf(samples, 'concierge_queue_jobs', { queue: 'metrics-jobs', state: 'failed' })).toBe(2);
      expect(sumOf(samples, 'concierge_queue_jobs', { queue: 'metrics-jobs', state: 'waiting' })).toBe(0);
    } finally {
      await worker.close();
      await depth.close();
    }
  });
});
