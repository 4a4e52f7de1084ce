import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@concierge/platform/event-store/port';
import { EventDataError, dispatchOf, type ParsedEvent } from './handlers.js';

let commit = 0n;
function recorded(type: string, data: Record<string, unknown>, streamId = `user-${randomUUID()}`, revision = 0n): RecordedEvent {
  const id = randomUUID();
  commit += 1n;
  const at = '2026-03-01T10:00:00.000Z';
  const metadata = { actor: { type: 'system' as const }, correlationId: id, causationId: id, occurredAt: at, schemaVersion: 1 };
  return { id, type, data, metadata, streamId, revision, position: { commit, prepare: commit }, recordedAt: at };
}

const registration = (userId: string) => ({
  userId,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  passwordHash: 'not-a-real-hash',
  role: 'user',
  registeredAt: '2026-03-01T10:00:00.000Z',
});

describe('a handler map as the runtime runs it', () => {
  const seen: ParsedEvent<'UserRegistered' | 'UserApproved'>[] = [];
  const dispatch = dispatchOf<undefined>('test-projection', {
    UserRegistered: (event) => void seen.push(event),
    UserApproved: (event) => void seen.push(event),
  });

  it('follows exactly the event types its handlers are keyed by', () => {
    expect([...dispatch.eventTypes].sort()).toEqual(['UserApproved', 'UserRegistered']);
  });

  it('hands over only the events of those types, in order', async () => {
    seen.length = 0;
    const batch = [
      recorded('UserRegistered', registration('u-1')),
      recorded('UserRejected', { userId: 'u-2', reason: 'Not a member', rejectedAt: '2026-03-01T10:01:00.000Z' }),
      recorded('SomethingUnknownHappened', { whatever: 1 }),
      recorded('UserApproved', { userId: 'u-1', approvedAt: '2026-03-01T10:02:00.000Z' }),
    ];
    for (const event of dispatch.select(batch)) await dispatch.handle(event, undefined);
    expect(seen.map((e) => [e.type, e.data.userId])).toEqual([
      ['UserRegistered', 'u-1'],
      ['UserApproved', 'u-1'],
    ]);
  });

  it("hands over data as the event's contract schema outputs it, not as stored", () => {
    const stored = { ...registration('u-3'), retiredField: 'from an older version' };
    const [event] = dispatch.select([recorded('UserRegistered', stored)]);
    expect(event?.data).toEqual(registration('u-3'));
    expect(event?.data).not.toHaveProperty('retiredField');
  });

  it('refuses an event whose data its schema refuses, naming the processor, the stream, the revision and the type', () => {
    const bad = recorded('UserApproved', { userId: 'u-4' }, 'user-u-4', 7n);
    const good = recorded('UserApproved', { userId: 'u-5', approvedAt: '2026-03-01T10:03:00.000Z' });
    const attempt = () => dispatch.select([good, bad]);
    expect(attempt).toThrow(EventDataError);
    expect(attempt).toThrow(/^test-projection stopped at UserApproved user-u-4@7 .*approvedAt/);
  });

  it('does not look at the data of events it does not follow', () => {
    expect(dispatch.select([recorded('UserRejected', { nonsense: true })])).toEqual([]);
  });
});
