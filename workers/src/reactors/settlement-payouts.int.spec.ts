import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore } from '@concierge/platform/event-store/port';
import { createPgEventStore } from '@concierge/platform/event-store/postgres/pg-event-store';
import { createLogger } from '@concierge/platform/logging/logger';
import { createPgReadStore } from '@concierge/platform/read-store/postgres/pg-read-store';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { createTestSchemas, type TestSchemas } from '@concierge/platform/testing/postgres';
import { accountStreamId } from '@concierge/domain/money/account/account';
import { accountAggregate } from '@concierge/domain/money/account/decide';
import { commandMetadata } from '@concierge/domain/shared/command-context';
import { approvedWithdrawal } from '../jobs/settlement/testing/approved-withdrawal.js';
import { SETTLE_WITHDRAWAL, SETTLEMENT_QUEUE, settlementJobId } from '../queues.js';
import { createRedis } from '../redis.js';
import { runReactorToCommitted } from '../testing/reactor-runs.js';
import { SETTLEMENT_PAYOUTS, settlementPayoutsReactor } from './settlement-payouts.js';

const REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';

describe('settlement payouts reactor', () => {
  const prefix = `test-payouts-${randomUUID().slice(0, 8)}`;
  let schemas: TestSchemas;
  let eventStore: EventStore;
  let readStore: ReadStore;
  let connection: Redis;
  let queue: Queue;

  beforeAll(async () => {
    schemas = await createTestSchemas('payouts');
    eventStore = createPgEventStore({ pool: schemas.pool, connectionString: schemas.connectionString, schema: schemas.eventStoreSchema });
    readStore = createPgReadStore({ pool: schemas.pool, schema: schemas.readStoreSchema });
    connection = createRedis(REDIS_URL);
    queue = new Queue(SETTLEMENT_QUEUE, { connection, prefix });
  });
  afterAll(async () => {
    await queue.obliterate({ force: true });
    await queue.close();
    connection.disconnect();
    await schemas.drop();
  });

  const run = () => runReactorToCommitted(settlementPayoutsReactor({ settlementQueue: queue, logger: createLogger('test', 'silent') }), { eventStore, readStore });
  const jobs = async () => (await queue.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed'])).map((j) => [j.id, j.name, j.data]);

  it('enqueues one payout per approval made after it started, however often the approval is delivered', async () => {
    const before = await approvedWithdrawal(eventStore, { amountMicro: 50_000n, to: `0x${'1'.repeat(40)}` });
    const started = (await run()).position;
    expect(await jobs()).toEqual([]);

    const target = await approvedWithdrawal(eventStore, { amountMicro: 70_000n, to: `0x${'2'.repeat(40)}` });
    await run();
    // A crash before the checkpoint moved delivers every approval again.
    const checkpoint = await readStore.getCheckpoint(SETTLEMENT_PAYOUTS);
    expect(await readStore.transaction((s) => s.advanceCheckpoint(SETTLEMENT_PAYOUTS, checkpoint, started))).toBe(true);
    await run();

    // The payout carries the approval's request and event, so its facts can be followed from the approval.
    const approval = (await eventStore.readStream(accountStreamId(target.userId))).find((e) => e.type === 'WithdrawalApproved');
    const trace = { correlationId: approval?.metadata.correlationId, causationId: approval?.id };
    expect(trace.correlationId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(await jobs()).toEqual([[settlementJobId(target.withdrawalId), SETTLE_WITHDRAWAL, { ...target, ...trace }]]);
    expect(await queue.getJob(settlementJobId(before.withdrawalId))).toBeUndefined();
  });

  it('enqueues a new payout when an admin retries a failed one, once per retry', async () => {
    await run();
    const target = await approvedWithdrawal(eventStore, { amountMicro: 90_000n, to: `0x${'3'.repeat(40)}` });
    const id = randomUUID();
    const ctx = { actor: { type: 'user' as const, userId: 'admin-1', role: 'admin' as const }, correlationId: id, causationId: id, now: new Date() };
    const failed = { ...target, transactionHash: null, reason: 'The destination is on another network; pay it by hand.', retryable: false };
    await accountAggregate.handle({ eventStore }, target.userId, { type: 'RecordWithdrawalSettlementFailed', data: failed, metadata: commandMetadata(ctx) }, ctx);
    await accountAggregate.handle({ eventStore }, target.userId, { type: 'RetryWithdrawalPayout', data: target, metadata: commandMetadata(ctx) }, ctx);
    await run();
    await run();

    const retried = (await eventStore.readStream(accountStreamId(target.userId))).find((e) => e.type === 'WithdrawalPayoutRetried');
    const ids = (await jobs()).map(([jobId]) => jobId).filter((jobId) => String(jobId).includes(target.withdrawalId));
    expect(ids.sort()).toEqual([settlementJobId(target.withdrawalId), settlementJobId(target.withdrawalId, retried?.id)].sort());
  });
});
