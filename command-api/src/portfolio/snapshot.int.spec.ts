import { randomUUID } from 'node:crypto';
import { Queue, QueueEvents, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTFOLIO_SNAPSHOT_QUEUE, SNAPSHOT_MEMBER, snapshotMemberJobId } from '@concierge/contracts';
import { MEMBER_NOT_APPROVED_MESSAGES, MEMBER_NOT_FOUND_MESSAGE } from '@concierge/domain/portfolio/snapshot/request-portfolio-snapshot';
import { startIdentityApi, type IdentityApi } from '../identity/testing/harness.js';
import { SNAPSHOT_REQUESTED_MESSAGE } from './handlers.js';
import { bullmqSnapshotRequests, SNAPSHOTS_UNAVAILABLE_MESSAGE } from './snapshot-queue.js';

const REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const PASSWORD = 'Analytical1';

describe('POST /wallets/user/:id/snapshot', () => {
  let api: IdentityApi;
  let connection: Redis;
  let queue: Queue;
  let prefix: string;
  let admin: string;
  let member: string;

  beforeAll(async () => {
    connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
    prefix = `test-snapreq-${randomUUID().slice(0, 8)}`;
    queue = new Queue(PORTFOLIO_SNAPSHOT_QUEUE, { connection, prefix });
    api = await startIdentityApi('snapreq', { snapshots: bullmqSnapshotRequests(queue) });
    admin = await api.seedUser({ email: 'admin@example.com', password: PASSWORD, role: 'admin' });
    member = await api.seedUser({ email: 'member@example.com', password: PASSWORD });
  });
  afterAll(async () => {
    await api?.close();
    await queue?.close();
    connection?.disconnect();
  });

  const snapshotOf = (userId: string, role: 'admin' | 'user' = 'admin', caller = admin) =>
    api.send('POST', `/wallets/user/${encodeURIComponent(userId)}/snapshot`, {}, { authorization: api.bearer(caller, role) });

  it("queues a valuation of the member now in the request's own slot and answers 202", async () => {
    const reply = await snapshotOf(member);
    expect(reply.status).toBe(202);
    expect(reply.body).toEqual({ message: SNAPSHOT_REQUESTED_MESSAGE, requestId: expect.any(String), position: null });
    const requestId = String(reply.body['requestId']);
    const job = await queue.getJob(snapshotMemberJobId(member, `request:${requestId}`));
    expect(job?.name).toBe(SNAPSHOT_MEMBER);
    // The request's X-Request-Id goes with the job: the valuation's events take it as their correlation id.
    expect(job?.data).toEqual({ userId: member, slot: `request:${requestId}`, reason: 'admin', requestId, blockNumber: null, correlationId: reply.headers.get('x-request-id') });

  });

  it("coalesces an admin's repeated requests while the member's valuation is queued or running, and queues a new one after", async () => {
    const other = await api.seedUser({ email: 'coalesced@example.com', password: PASSWORD });
    const first = await snapshotOf(other);
    expect(first.status).toBe(202);
    const requestId = String(first.body['requestId']);
    const waitingBefore = await queue.getJobCountByTypes('waiting');
    // Queued: a second click and a burst of parallel ones all answer the same valuation.
    const repeats = [await snapshotOf(other), ...(await Promise.all(Array.from({ length: 5 }, () => snapshotOf(other))))];
    for (const reply of repeats) expect([reply.status, reply.body['requestId']]).toEqual([202, requestId]);
    expect(await queue.getJobCountByTypes('waiting')).toBe(waitingBefore);

    // Running: still the same one. A worker takes this member's job and holds it until released.
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started = () => undefined as void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const events = new QueueEvents(PORTFOLIO_SNAPSHOT_QUEUE, { connection: connection.duplicate(), prefix });
    await events.waitUntilReady();
    const worker = new Worker(
      PORTFOLIO_SNAPSHOT_QUEUE,
      async (job) => {
        if (job.data.userId !== other) return;
        started();
        await held;
      },
      { connection: connection.duplicate(), prefix },
    );
    try {
      const job = await queue.getJob(snapshotMemberJobId(other, `request:${requestId}`));
      await running;
      expect((await snapshotOf(other)).body['requestId']).toBe(requestId);
      const finished = job?.waitUntilFinished(events);
      release();
      await finished;
      // Done: the next request is a valuation of its own.
      const next = await snapshotOf(other);
      expect(next.status).toBe(202);
      expect(next.body['requestId']).not.toBe(requestId);
    } finally {
      await worker.close();
      await events.close();
    }
  });

  it('refuses a registration that was never approved with a 409 that says why, and queues nothing', async () => {
    const pending = await api.seedUser({ email: 'pending@example.com', password: PASSWORD, status: 'pending' });
    const rejected = await api.seedUser({ email: 'rejected@example.com', password: PASSWORD, status: 'rejected' });
    const before = await queue.getJobCountByTypes('waiting', 'active', 'delayed', 'completed');
    expect(await snapshotOf(pending)).toMatchObject({ status: 409, body: { message: MEMBER_NOT_APPROVED_MESSAGES.pending } });
    expect(await snapshotOf(rejected)).toMatchObject({ status: 409, body: { message: MEMBER_NOT_APPROVED_MESSAGES.rejected } });
    expect(await queue.getJobCountByTypes('waiting', 'active', 'delayed', 'completed')).toBe(before);
  });

  it('answers 404 for an unknown id and for an admin, who has no portfolio, and queues nothing', async () => {
    const before = await queue.getJobCountByTypes('waiting');
    for (const id of [randomUUID(), admin, 'not an id']) {
      const reply = await snapshotOf(id);
      expect(reply.status, id).toBe(404);
      expect(reply.body['message']).toBe(MEMBER_NOT_FOUND_MESSAGE);
    }
    expect(await queue.getJobCountByTypes('waiting')).toBe(before);
  });

  it('refuses members, even for their own portfolio', async () => {
    expect((await snapshotOf(member, 'user', member)).status).toBe(403);
  });

  it('answers 503 when the queue cannot take the request in time', async () => {
    const down = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: null, lazyConnect: true, retryStrategy: () => 100 });
    const deadQueue = new Queue(PORTFOLIO_SNAPSHOT_QUEUE, { connection: down, prefix: 'test-snapreq-down' });
    deadQueue.on('error', () => undefined);
    try {
      const requests = bullmqSnapshotRequests(deadQueue, 200);
      await expect(requests.enqueue({ userId: member, slot: 'request:x', reason: 'admin', requestId: 'x', blockNumber: null })).rejects.toMatchObject({
        status: 503,
        message: SNAPSHOTS_UNAVAILABLE_MESSAGE,
      });
    } finally {
      down.disconnect();
    }
  });
});
