import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import {
  AUDIT_EVENTS_COLLECTION,
  AUDIT_STREAMS_COLLECTION,
  USERS_COLLECTION,
  type AuditEventReadModel,
  type AuditStreamReadModel,
  type UserReadModel,
} from '@concierge/contracts';
import { createPgEventStore } from '@concierge/platform/event-store/postgres/pg-event-store';
import { comparePositions, formatPosition, START } from '@concierge/platform/event-store/position';
import { createPgReadStore } from '@concierge/platform/read-store/postgres/pg-read-store';
import type { ReplicatedProduct } from './replicated-product.js';
import type { OutboxMail } from './outbox.js';

// What the scale-out test checks once its load has stopped: the store, the read models, the mail
// sent and the queues of a replicated product.

export const CONFIRM_SUBJECT = 'Confirm your email';
const APPROVED_SUBJECT = 'Your Crypto Concierge account is approved';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function withQueue<T>(product: ReplicatedProduct, name: string, use: (queue: Queue) => Promise<T>): Promise<T> {
  const connection = new Redis(process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
  const queue = new Queue(name, { connection, prefix: product.queuePrefix });
  try {
    return await use(queue);
  } finally {
    await queue.close();
    connection.disconnect();
  }
}

/** The queue's jobs by state. */
export function countJobs(product: ReplicatedProduct, name: string): Promise<Record<string, number>> {
  return withQueue(product, name, (queue) => queue.getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed'));
}

export function countWorkers(product: ReplicatedProduct, name: string): Promise<number> {
  return withQueue(product, name, (queue) => queue.getWorkersCount());
}

/** What the journeys had acknowledged (`Journeys` in scale-out-load.ts): the commands the checks expect to find. */
export interface Acknowledged {
  /** Emails whose registration was answered 201. */
  readonly registered: ReadonlySet<string>;
  /** Email by user id, for users whose approval was answered 2xx. */
  readonly approved: ReadonlyMap<string, string>;
}

export interface Settled {
  readonly events: number;
  readonly acknowledged: number;
  readonly approved: number;
  readonly caughtUpMs: number;
  /** Projections and reactors whose checkpoint is below the store's head. */
  readonly checkpointsBehindHead: readonly string[];
  /** Acknowledged emails with other than exactly one UserRegistered event. */
  readonly registeredNotOnce: readonly string[];
  readonly registrationsInStore: number;
  readonly userDocs: number;
  readonly missingUsers: readonly string[];
  /** Approved users not shown approved with a deposit address (the reactor's command after the approval). */
  readonly notApproved: readonly string[];
  readonly auditEventsMismatch: readonly string[];
  readonly streamCountsMismatch: readonly string[];
  /** Expected mails (`to|subject`) not sent exactly once, and any mail sent twice. */
  readonly mailNotOnce: readonly string[];
}

/** Waits (at most 30 s) until the workers have caught up and sent every mail, then says what the store and the read models hold. */
export async function settled(product: ReplicatedProduct, load: Acknowledged): Promise<Settled> {
  const { pool, connectionString, eventStoreSchema, readStoreSchema } = product.schemas;
  const eventStore = createPgEventStore({ pool, connectionString, schema: eventStoreSchema });
  const readStore = createPgReadStore({ pool, schema: readStoreSchema });
  const started = Date.now();
  let state = await look();
  while (!done(state) && Date.now() - started < 30_000) {
    await sleep(250);
    state = await look();
  }
  return { ...state, caughtUpMs: Date.now() - started };

  function done(s: Omit<Settled, 'caughtUpMs'>): boolean {
    return s.checkpointsBehindHead.length === 0 && s.missingUsers.length === 0 && s.notApproved.length === 0 && s.mailNotOnce.length === 0 && s.auditEventsMismatch.length === 0;
  }

  async function look(): Promise<Omit<Settled, 'caughtUpMs'>> {
    const head = await eventStore.headPosition();
    const checkpoints = await pool.query<{ projection: string; c: string; p: string }>(
      `SELECT projection, commit_position::text AS c, prepare_position::text AS p FROM ${readStoreSchema}.checkpoints`,
    );
    const checkpointsBehindHead = checkpoints.rows
      .filter((row) => comparePositions({ commit: BigInt(row.c), prepare: BigInt(row.p) }, head) < 0)
      .map((row) => row.projection);

    const events = await eventStore.readAll({ after: START, maxCount: 1_000_000 });
    const registrations = new Map<string, number>();
    for (const event of events.filter((e) => e.type === 'UserRegistered')) {
      const email = (event.data as { email?: string }).email ?? '';
      registrations.set(email, (registrations.get(email) ?? 0) + 1);
    }
    const registeredNotOnce = [...load.registered].filter((email) => registrations.get(email) !== 1);

    const users = await readStore.collection<UserReadModel>(USERS_COLLECTION).find({ limit: 1_000_000 });
    const byEmail = new Map(users.map((user) => [user.email, user]));
    const byId = new Map(users.map((user) => [user.id, user]));
    const missingUsers = [...load.registered].filter((email) => !byEmail.has(email));
    const notApproved = [...load.approved.keys()].filter((id) => byId.get(id)?.status !== 'approved' || !byId.get(id)?.walletAddress);

    const auditEvents = new Map(
      (await readStore.collection<AuditEventReadModel>(AUDIT_EVENTS_COLLECTION).find({ limit: 1_000_000 })).map((doc) => [doc.id, doc.position]),
    );
    const auditEventsMismatch = [
      ...events.filter((e) => auditEvents.get(e.id) !== formatPosition(e.position)).map((e) => `${e.streamId}@${e.revision}`),
      ...(auditEvents.size === events.length ? [] : [`${auditEvents.size} audit events for ${events.length} events`]),
    ];
    const perStream = new Map<string, number>();
    for (const event of events) perStream.set(event.streamId, (perStream.get(event.streamId) ?? 0) + 1);
    const streams = await readStore.collection<AuditStreamReadModel>(AUDIT_STREAMS_COLLECTION).find({ limit: 1_000_000 });
    const streamCountsMismatch = [
      ...streams.filter((doc) => perStream.get(doc.streamId) !== doc.eventCount || doc.lastRevision !== doc.eventCount - 1).map((doc) => doc.streamId),
      ...(streams.length === perStream.size ? [] : [`${streams.length} audit streams for ${perStream.size} streams`]),
    ];

    const sent = await outbox(product.dataDir);
    const expected = [...[...load.registered].map((email) => `${email}|${CONFIRM_SUBJECT}`), ...[...load.approved.values()].map((email) => `${email}|${APPROVED_SUBJECT}`)];
    const mailNotOnce = [...new Set([...expected.filter((key) => sent.get(key) !== 1), ...[...sent].filter(([, n]) => n > 1).map(([key]) => key)])];

    return {
      events: events.length,
      acknowledged: load.registered.size,
      approved: load.approved.size,
      checkpointsBehindHead,
      registeredNotOnce,
      registrationsInStore: [...registrations.values()].reduce((sum, n) => sum + n, 0),
      userDocs: users.length,
      missingUsers,
      notApproved,
      auditEventsMismatch,
      streamCountsMismatch,
      mailNotOnce,
    };
  }
}

/** How many mails the outbox holds per `to|subject` (the subject's known part). */
async function outbox(dataDir: string): Promise<Map<string, number>> {
  const dir = join(dataDir, 'outbox');
  const counts = new Map<string, number>();
  for (const name of (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.json'))) {
    const text = await readFile(join(dir, name), 'utf8');
    let mail: OutboxMail;
    try {
      mail = JSON.parse(text) as OutboxMail;
    } catch {
      continue; // being written: counted on the next look
    }
    const subject = [CONFIRM_SUBJECT, APPROVED_SUBJECT].find((known) => mail.subject.includes(known)) ?? mail.subject;
    const key = `${mail.to}|${subject}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}
