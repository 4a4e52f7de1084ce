import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailJob } from '@concierge/contracts';
import type { EventStore, NewEvent } from '@concierge/platform/event-store/port';
import { createPgEventStore } from '@concierge/platform/event-store/postgres/pg-event-store';
import { createLogger } from '@concierge/platform/logging/logger';
import { createPgReadStore } from '@concierge/platform/read-store/postgres/pg-read-store';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { createTestSchemas, type TestSchemas } from '@concierge/platform/testing/postgres';
import { mailProcessor } from '../jobs/mail/processor.js';
import { outboxFileName, outboxTransport } from '../jobs/mail/transports.js';
import { catchUp } from '../projections/runtime/catch-up.js';
import { usersProjection } from '../projections/users/projection.js';
import { MAIL_QUEUE } from '../queues.js';
import { createRedis } from '../redis.js';
import { AdminsUnknownError, KEY_REVEAL_NOTICES, keyRevealNoticesReactor } from './key-reveal-notices.js';
import { runReactorToCommitted } from '../testing/reactor-runs.js';

const REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const AT = '2026-11-22T14:05:00.000Z';
const REASON = 'Member lost their phone; moving funds to a new wallet';
const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

function event(type: string, data: Record<string, unknown>): NewEvent {
  const id = randomUUID();
  return { id, type, data, metadata: { actor: { type: 'system' }, correlationId: id, causationId: id, occurredAt: AT, schemaVersion: 1 } };
}

describe('key-reveal notices reactor', () => {
  const prefix = `test-keynotices-${randomUUID().slice(0, 8)}`;
  let schemas: TestSchemas;
  let eventStore: EventStore;
  let readStore: ReadStore;
  let connection: Redis;
  let mailQueue: Queue;
  const ids = { grace: randomUUID(), alan: randomUUID(), suspended: randomUUID(), ada: randomUUID() };

  const account = async (userId: string, first: string, last: string, role: 'admin' | 'user', status: 'approved' | 'suspended') => {
    const email = `${first.toLowerCase()}@example.com`;
    const events = [
      event('UserRegistered', { userId, firstName: first, lastName: last, email, passwordHash: 'x', role, registeredAt: AT }),
      event('UserApproved', { userId, approvedAt: AT }),
      ...(status === 'suspended' ? [event('UserStatusChanged', { userId, from: 'approved', to: 'suspended', changedAt: AT })] : []),
    ];
    await eventStore.appendToStream(`user-${userId}`, events, { expectedRevision: 'no_stream' });
  };
  const reveal = async (memberId: string, adminId: string, reason?: string) => {
    const revealed = event('PrivateKeyRevealed', { userId: memberId, address: ADDRESS, revealedTo: adminId, revealedAt: AT, ...(reason ? { reason } : {}) });
    await eventStore.appendToStream(`wallet-${memberId}`, [revealed], { expectedRevision: 'any' });
    return revealed.id;
  };
  const reactor = () => keyRevealNoticesReactor({ eventStore, readStore, mailQueue, logger: createLogger('test', 'silent') });
  const run = () => runReactorToCommitted(reactor(), { eventStore, readStore });
  const queuedMails = async () => {
    const jobs = await mailQueue.getJobs(['waiting', 'prioritized', 'delayed', 'active', 'completed', 'failed']);
    return new Map(jobs.map((job) => [String(job.id), job.data as MailJob]));
  };

  beforeAll(async () => {
    schemas = await createTestSchemas('keynotices');
    eventStore = createPgEventStore({ pool: schemas.pool, connectionString: schemas.connectionString, schema: schemas.eventStoreSchema });
    readStore = createPgReadStore({ pool: schemas.pool, schema: schemas.readStoreSchema });
    connection = createRedis(REDIS_URL);
    mailQueue = new Queue(MAIL_QUEUE, { connection, prefix });
  });
  afterAll(async () => {
    await mailQueue?.obliterate({ force: true });
    await mailQueue?.close();
    connection?.disconnect();
    await schemas?.drop();
  });

  it('waits, moving no checkpoint, while the users read model names no admin', async () => {
    expect((await run()).events).toBe(0); // the first run only sets its checkpoint at the head
    const before = await readStore.getCheckpoint(KEY_REVEAL_NOTICES);
    await reveal(randomUUID(), randomUUID(), 'early');
    await expect(run()).rejects.toBeInstanceOf(AdminsUnknownError);
    expect(await readStore.getCheckpoint(KEY_REVEAL_NOTICES)).toEqual(before);
    expect((await queuedMails()).size).toBe(0);
  });

  it('mails every approved admin once per reveal, naming who, whose, when and why, across re-deliveries', async () => {
    await account(ids.grace, 'Grace', 'Hopper', 'admin', 'approved');
    await account(ids.alan, 'Alan', 'Turing', 'admin', 'approved');
    await account(ids.suspended, 'Eve', 'Mallory', 'admin', 'suspended');
    await account(ids.ada, 'Ada', 'Lovelace', 'user', 'approved');
    await catchUp(usersProjection, { eventStore, readStore });
    // The waiting reveal of the previous test goes out now; start from a clean queue for this one.
    await run();
    await mailQueue.obliterate({ force: true });

    const before = await readStore.getCheckpoint(KEY_REVEAL_NOTICES);
    const eventId = await reveal(ids.ada, ids.grace, REASON);
    await run();
    const mails = await queuedMails();
    expect([...mails.keys()].sort()).toEqual([`key-revealed-${eventId}-${ids.alan}`, `key-revealed-${eventId}-${ids.grace}`].sort());
    expect(mails.get(`key-revealed-${eventId}-${ids.alan}`)).toEqual({
      template: 'private-key-revealed',
      to: 'alan@example.com',
      data: {
        firstName: 'Alan',
        adminName: 'Grace Hopper',
        adminEmail: 'grace@example.com',
        memberName: 'Ada Lovelace',
        memberEmail: 'ada@example.com',
        address: ADDRESS,
        revealedAt: AT,
        reason: REASON,
      },
      correlationId: eventId,
    });

    // A crash between enqueueing and the checkpoint delivers the reveal again: the same ids, no new mail.
    const after = await readStore.getCheckpoint(KEY_REVEAL_NOTICES);
    if (!before || !after) throw new Error('the reactor keeps a checkpoint');
    expect(await readStore.transaction((s) => s.advanceCheckpoint(KEY_REVEAL_NOTICES, after, before))).toBe(true);
    await run();
    expect((await queuedMails()).size).toBe(2);

    const outbox = await mkdtemp(join(tmpdir(), 'concierge-keynotices-'));
    const workerConnection = createRedis(REDIS_URL);
    const worker = new Worker(MAIL_QUEUE, mailProcessor({ transport: outboxTransport({ dir: outbox }) }), { connection: workerConnection, prefix });
    try {
      await expect.poll(async () => (await mailQueue.getJobCounts('completed')).completed, { timeout: 10_000 }).toBe(2);
      const files = (await readdir(outbox)).filter((name) => !name.startsWith('.')).sort();
      expect(files).toEqual([...mails.keys()].map(outboxFileName).sort());
      const text = JSON.parse(await readFile(join(outbox, outboxFileName(`key-revealed-${eventId}-${ids.grace}`)), 'utf8')) as { to: string; subject: string; text: string };
      expect(text.to).toBe('grace@example.com');
      expect(text.subject).toBe("A member's private key was revealed");
      expect(text.text).toContain('Grace Hopper (grace@example.com) was shown the private key of the deposit address of Ada Lovelace (ada@example.com) on 22 November 2026 at 14:05 UTC.');
      expect(text.text).toContain(`Reason given: ${REASON}`);
      expect(text.text).toContain(`Address: ${ADDRESS}`);
    } finally {
      await worker.close();
      workerConnection.disconnect();
      await rm(outbox, { recursive: true, force: true });
    }
  });
});
