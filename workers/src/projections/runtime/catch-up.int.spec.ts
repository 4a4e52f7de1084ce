import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { NewEvent } from '@concierge/platform/event-store/port';
import { defineReactor } from '../../reactors/reactor.js';
import { useProjectionHarness } from '../testing/projection-harness.js';
import { catchUp } from './catch-up.js';
import { EventDataError, type ParsedEvent } from './handlers.js';
import { defineProjection } from './projection.js';

function event(type: string, data: Record<string, unknown>): NewEvent {
  const id = randomUUID();
  const metadata = { actor: { type: 'system' as const }, correlationId: id, causationId: id, occurredAt: new Date().toISOString(), schemaVersion: 1 };
  return { id, type, data, metadata };
}
const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 0, minute)).toISOString();
const registered = (userId: string, extra: Record<string, unknown> = {}) =>
  event('UserRegistered', { userId, firstName: 'Ada', lastName: 'Byron', email: `${userId}@example.com`, passwordHash: 'x', role: 'user', registeredAt: at(0), ...extra });
const approved = (userId: string, minute: number) => event('UserApproved', { userId, approvedAt: at(minute) });
const rejected = (userId: string) => event('UserRejected', { userId, reason: 'Unknown to us', rejectedAt: at(2) });

/** One document per event the projection was handed: its type and its data as the handler saw it. */
const JOURNAL = 'runtime_journal';
type JournalDoc = { id: string; type: string; data: { [key: string]: string } };
const journal = (event: ParsedEvent) => ({ id: event.id, type: event.type, data: { ...event.data } as JournalDoc['data'] });

const journalProjection = defineProjection({
  name: 'runtime-journal',
  readModels: [JOURNAL],
  on: {
    UserRegistered: (event, tx) => tx.collection<JournalDoc>(JOURNAL).upsert(journal(event)),
    UserApproved: (event, tx) => tx.collection<JournalDoc>(JOURNAL).upsert(journal(event)),
  },
});

describe('the catch-up runtime', () => {
  const harness = useProjectionHarness(journalProjection, 'runtime');
  const docs = () => harness.readStore.collection<JournalDoc>(JOURNAL).find({ sort: [{ field: 'id', direction: 'asc' }] });

  it("hands a projection only the event types of its on, with each event's data as its schema parsed it", async () => {
    const userId = randomUUID();
    const registration = registered(userId, { retiredField: 'kept by an older writer' });
    await harness.append(`user-${userId}`, registration, rejected(userId), approved(userId, 3));
    await harness.catchUp();
    const handed = await docs();
    expect(handed.map((d) => d.type).sort()).toEqual(['UserApproved', 'UserRegistered']);
    const data = handed.find((d) => d.id === registration.id)?.data;
    expect(data).toMatchObject({ userId, email: `${userId}@example.com` });
    expect(data).not.toHaveProperty('retiredField');
  });

  it('stops a projection at an event its schema refuses, naming stream, revision and type, and never skips it', async () => {
    const userId = randomUUID();
    await harness.append(`user-${userId}`, registered(userId));
    await harness.catchUp();
    const before = await harness.readStore.getCheckpoint(journalProjection.name);
    await harness.append(`user-${userId}`, event('UserApproved', { userId, approvedAt: 'yesterday' }), approved(randomUUID(), 4));

    const stopped = harness.catchUp();
    await expect(stopped).rejects.toThrow(EventDataError);
    await expect(stopped).rejects.toThrow(`UserApproved user-${userId}@1`);
    // Run again: it stops at the same event, and the batch with it wrote nothing.
    await expect(harness.catchUp()).rejects.toThrow(`UserApproved user-${userId}@1`);
    expect(await harness.readStore.getCheckpoint(journalProjection.name)).toEqual(before);
    expect((await docs()).filter((d) => d.type === 'UserApproved' && d.data['approvedAt'] === at(4))).toEqual([]);
  });

  it('runs a reactor from the head on its first run, effects of a whole batch before its checkpoint, and stops it at refused data too', async () => {
    const effects: string[] = [];
    let failNext = false;
    const reactor = defineReactor({
      name: `runtime-reactor-${randomUUID().slice(0, 8)}`,
      batch: () => {
        const pending: string[] = [];
        return {
          add: (id: string) => void pending.push(id),
          async commit() {
            if (failNext) throw new Error('the queue is down');
            effects.push(...pending);
          },
        };
      },
      on: { UserApproved: (event, batch) => batch.add(event.data.userId) },
    });
    const run = () => catchUp(reactor, { eventStore: harness.eventStore, readStore: harness.readStore, batchSize: 2 });

    const history = randomUUID();
    await harness.append(`user-${history}`, registered(history), approved(history, 5));
    await run();
    expect(effects).toEqual([]);

    const [a, b] = [randomUUID(), randomUUID()];
    await harness.append(`user-${a}`, registered(a), approved(a, 6));
    await harness.append(`user-${b}`, approved(b, 7));
    failNext = true;
    const checkpoint = await harness.readStore.getCheckpoint(reactor.name);
    await expect(run()).rejects.toThrow('the queue is down');
    expect(await harness.readStore.getCheckpoint(reactor.name)).toEqual(checkpoint);
    failNext = false;
    await run();
    expect(effects).toEqual([a, b]);

    const c = randomUUID();
    await harness.append(`user-${c}`, event('UserApproved', { userId: c }));
    await expect(run()).rejects.toThrow(`UserApproved user-${c}@0`);
  });
});
