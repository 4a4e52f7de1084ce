import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailJob } from '@concierge/contracts';
import type { EventStore, NewEvent } from '@concierge/platform/event-store/port';
import { START, type Position } from '@concierge/platform/event-store/position';
import { createPgEventStore } from '@concierge/platform/event-store/postgres/pg-event-store';
import { createLogger } from '@concierge/platform/logging/logger';
import { createPgReadStore } from '@concierge/platform/read-store/postgres/pg-read-store';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { createTestSchemas, type TestSchemas } from '@concierge/platform/testing/postgres';
import { mailProcessor } from '../jobs/mail/processor.js';
import { outboxFileName, outboxTransport } from '../jobs/mail/transports.js';
import { MAIL_QUEUE } from '../queues.js';
import { createRedis } from '../redis.js';
import { appendUserLives } from '../testing/user-history.js';
import { ACCOUNT_NOTICES, accountNoticesReactor } from './account-notices.js';
import { runReactorToCommitted } from '../testing/reactor-runs.js';
import type { Reactor } from './reactor.js';

const REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';

function event(type: string, data: Record<string, unknown>): NewEvent {
  const id = randomUUID();
  const at = new Date().toISOString();
  return { id, type, data, metadata: { actor: { type: 'system' }, correlationId: id, causationId: id, occurredAt: at, schemaVersion: 1 } };
}

describe('account notices reactor', () => {
  const prefix = `test-notices-${randomUUID().slice(0, 8)}`;
  let schemas: TestSchemas;
  let eventStore: EventStore;
  let readStore: ReadStore;
  let connection: Redis;
  let mailQueue: Queue;
  let reactor: Reactor;

  beforeAll(async () => {
    schemas = await createTestSchemas('notices');
    eventStore = createPgEventStore({ pool: schemas.pool, connectionString: schemas.connectionString, schema: schemas.eventStoreSchema });
    readStore = createPgReadStore({ pool: schemas.pool, schema: schemas.readStoreSchema });
    connection = createRedis(REDIS_URL);
    mailQueue = new Queue(MAIL_QUEUE, { connection, prefix });
    reactor = accountNoticesReactor({ eventStore, mailQueue, publicUrl: 'https://app.example.com/', logger: createLogger('test', 'silent') });
  });
  afterAll(async () => {
    await mailQueue.obliterate({ force: true });
    await mailQueue.close();
    connection.disconnect();
    await schemas.drop();
  });

  const run = () => runReactorToCommitted(reactor, { eventStore, readStore, batchSize: 7 });
  const checkpoint = () => readStore.getCheckpoint(ACCOUNT_NOTICES);
  const queuedMails = async () => {
    const jobs = await mailQueue.getJobs(['waiting', 'prioritized', 'delayed', 'active', 'completed', 'failed']);
    return new Map(jobs.map((job) => [String(job.id), job.data as MailJob]));
  };
  /** What a crash between enqueueing and moving the checkpoint leaves behind: the old checkpoint. */
  const rewindTo = async (to: Position) => {
    const now = await checkpoint();
    expect(await readStore.transaction((s) => s.advanceCheckpoint(ACCOUNT_NOTICES, now, to))).toBe(true);
  };
  /** The job ids the decisions after `after` must produce. */
  const expectedJobIds = async (after: Position) => {
    const events = await eventStore.readAll({ after, maxCount: 100_000 });
    return events
      .filter((e) => e.type === 'UserApproved' || e.type === 'UserRejected')
      .map((e) => `${e.type === 'UserApproved' ? 'account-approved' : 'account-rejected'}-${e.id}`)
      .sort();
  };

  it('mails nobody about approvals and rejections from before its first run', async () => {
    await appendUserLives(eventStore, [0, 1, 2, 3, 4, 5]);
    expect((await expectedJobIds(START)).length).toBe(4);
    const head = await eventStore.headPosition();
    const result = await run();
    expect(result.events).toBe(0);
    expect(await checkpoint()).toEqual(head);
    expect((await queuedMails()).size).toBe(0);
  });

  it('enqueues one mail per approval and rejection and none for other account events', async () => {
    const before = await checkpoint();
    if (!before) throw new Error('the first run sets a checkpoint');
    const appended = await appendUserLives(eventStore, [6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]);
    const result = await run();
    expect(result.events).toBe(appended);
    const expected = await expectedJobIds(before);
    expect(expected).toHaveLength(8); // four approvals (6, 9, 12, 15), four rejections (7, 10, 13, 16)
    const mails = await queuedMails();
    expect([...mails.keys()].sort()).toEqual(expected);

    const toMember = (email: string) => [...mails.values()].filter((m) => m.to === email);
    expect(toMember('member6@example.com')).toEqual([
      { template: 'account-approved', to: 'member6@example.com', data: { firstName: 'First6', loginUrl: 'https://app.example.com/login' }, correlationId: expect.any(String) },
    ]);
    expect(toMember('member7@example.com')).toEqual([
      { template: 'account-rejected', to: 'member7@example.com', data: { firstName: 'First7', reason: 'generic reason' }, correlationId: expect.any(String) },
    ]);
    // Member 12 renamed themselves after the approval: the mail keeps the name as of the approval.
    expect(toMember('member12@example.com')[0]?.data.firstName).toBe('First12');
    expect(toMember('member8@example.com')).toEqual([]);
  });

  it("greets the approved member by the confirmed registration's name, not by the first registrant's", async () => {
    const userId = randomUUID();
    const email = `grace-${userId.slice(0, 8)}@example.com`;
    const at = new Date().toISOString();
    const squatter = { firstName: 'Mallory', lastName: 'Squatter', passwordCredentialId: randomUUID() };
    const owner = { firstName: 'Grace', lastName: 'Hopper', passwordCredentialId: randomUUID() };
    await eventStore.appendToStream(
      `user-${userId}`,
      [
        event('UserRegistered', { userId, ...squatter, email, role: 'user', registeredAt: at }),
        event('UserEmailVerificationIssued', { userId, secretId: randomUUID(), registration: owner, issuedAt: at, expiresAt: at }),
        event('UserEmailVerified', { userId, registration: owner, verifiedAt: at }),
        event('UserApproved', { userId, approvedAt: at }),
      ],
      { expectedRevision: 'no_stream' },
    );
    await run();
    const mails = [...(await queuedMails()).values()].filter((m) => m.to === email);
    expect(mails.map((m) => [m.template, m.data.firstName])).toEqual([['account-approved', 'Grace']]);
  });

  it('sends each notice exactly once across a crash between enqueueing and the checkpoint', async () => {
    const outbox = await mkdtemp(join(tmpdir(), 'concierge-notices-'));
    const workerConnection = createRedis(REDIS_URL);
    const worker = new Worker(MAIL_QUEUE, mailProcessor({ transport: outboxTransport({ dir: outbox }) }), { connection: workerConnection, prefix });
    try {
      const mailsBefore = (await queuedMails()).size;
      const before = await checkpoint();
      if (!before) throw new Error('the first run sets a checkpoint');
      await appendUserLives(eventStore, [18, 19, 20, 21, 22, 23]);
      await run();
      const expected = await expectedJobIds(before);
      expect(expected).toHaveLength(4);

      // Crash 1: the jobs were enqueued but the checkpoint never moved; the next run repeats the batch.
      const after = await checkpoint();
      await rewindTo(before);
      await run();
      expect(await checkpoint()).toEqual(after);
      expect((await queuedMails()).size).toBe(mailsBefore + expected.length);

      // The mails go out (earlier tests' jobs too); then crash 2 repeats the batch once more.
      const allJobIds = [...(await queuedMails()).keys()];
      await waitFor(async () => (await mailQueue.getJobCounts('completed')).completed === allJobIds.length);
      await rewindTo(before);
      await run();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await mailQueue.getJobCounts('completed', 'waiting', 'active')).completed).toBe(allJobIds.length);
      const files = (await readdir(outbox)).filter((name) => !name.startsWith('.')).sort();
      expect(files).toEqual(allJobIds.map(outboxFileName).sort());
      for (const jobId of expected) {
        const file = JSON.parse(await readFile(join(outbox, outboxFileName(jobId)), 'utf8')) as { subject: string; text: string };
        expect(file.subject).toMatch(/^Your Crypto Concierge (account is approved|registration)$/);
        expect(file.text).toContain('The Crypto Concierge team');
      }
    } finally {
      await worker.close();
      workerConnection.disconnect();
      await rm(outbox, { recursive: true, force: true });
    }
  });

  it("uses the first name the member had when the decision was made, from the member's own stream", async () => {
    const userId = randomUUID();
    const stream = `user-${userId}`;
    const at = new Date().toISOString();
    const registered = event('UserRegistered', {
      userId,
      firstName: 'Adelaide',
      lastName: 'Byron',
      email: 'ada.byron@example.com',
      passwordHash: 'x',
      role: 'user',
      registeredAt: at,
    });
    const approved = event('UserApproved', { userId, approvedAt: at });
    await eventStore.appendToStream(stream, [registered], { expectedRevision: 'no_stream' });
    await eventStore.appendToStream(stream, [event('UserProfileUpdated', { userId, firstName: 'Ada', lastName: 'Byron', updatedAt: at })], {
      expectedRevision: 0n,
    });
    await eventStore.appendToStream(stream, [approved], { expectedRevision: 1n });
    await eventStore.appendToStream(stream, [event('UserProfileUpdated', { userId, firstName: 'Augusta', lastName: 'Byron', updatedAt: at })], {
      expectedRevision: 2n,
    });
    await run();
    expect((await queuedMails()).get(`account-approved-${approved.id}`)).toEqual({
      template: 'account-approved',
      to: 'ada.byron@example.com',
      data: { firstName: 'Ada', loginUrl: 'https://app.example.com/login' },
      // The approval's correlation id (its request's) goes with the mail for the worker's log.
      correlationId: approved.id,
    });
  });

  it('skips a decision it cannot address and goes on with the next one', async () => {
    const orphan = randomUUID();
    const orphanApproval = event('UserApproved', { userId: orphan, approvedAt: new Date().toISOString() });
    await eventStore.appendToStream(`user-${orphan}`, [orphanApproval], { expectedRevision: 'no_stream' });
    await appendUserLives(eventStore, [24]); // 24 is approved
    await run();
    const mails = await queuedMails();
    expect(mails.has(`account-approved-${orphanApproval.id}`)).toBe(false);
    expect([...mails.values()].filter((m) => m.to === 'member24@example.com').map((m) => m.template)).toEqual(['account-approved']);
    expect(await checkpoint()).toEqual(await eventStore.headPosition());
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
