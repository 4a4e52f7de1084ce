import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AuditEventReadModel } from '@concierge/contracts';
import type { EventMetadata, NewEvent } from '@concierge/platform/event-store/port';
import { at, envelope } from '../accounts/money-history.js';
import { useProjectionHarness } from '../testing/projection-harness.js';
import { AUDIT_EVENTS_COLLECTION, auditEventsProjection } from './projection.js';

/** An event as written before every writer recorded metadata: its metadata is whatever was stored. */
const unrecorded = (type: string, data: Record<string, unknown>, metadata: unknown): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: metadata as EventMetadata,
});

describe('audit events projection', () => {
  const harness = useProjectionHarness(auditEventsProjection, 'auditeventsproj');
  const events = () => harness.readStore.collection<AuditEventReadModel>(AUDIT_EVENTS_COLLECTION);
  const member = randomUUID();

  it('indexes every event with where it is, who did it and why, whatever its type or data, in global order', async () => {
    const deposit = envelope('DepositRecorded', { note: 'data this build does not parse' }, at(1));
    const system: NewEvent = {
      id: randomUUID(),
      type: 'SomethingFromTheFuture',
      data: {},
      metadata: { actor: { type: 'system', reason: 'withdrawal-settlement' }, correlationId: 'req-7', causationId: deposit.id, occurredAt: at(2), schemaVersion: 1 },
    };
    await harness.append(`account-${member}`, deposit, system);
    await harness.append(`user-${member}`, unrecorded('UserRegistered', {}, {}), unrecorded('UserApproved', {}, { actor: { type: 'robot' }, correlationId: 42, occurredAt: 'soon' }));
    await harness.catchUp();

    const found = await events().find({ sort: [{ field: 'order', direction: 'asc' }] });
    expect(found.map((e) => `${e.streamId}@${e.revision} ${e.type}`)).toEqual([
      `account-${member}@0 DepositRecorded`,
      `account-${member}@1 SomethingFromTheFuture`,
      `user-${member}@0 UserRegistered`,
      `user-${member}@1 UserApproved`,
    ]);
    expect(found[0]).toMatchObject({ id: deposit.id, category: 'account', time: at(1), actorType: 'user', actorUserId: 'admin-1', actorRole: 'admin', correlationId: deposit.id });
    expect(found[1]).toMatchObject({ actorType: 'system', actorUserId: null, actorReason: 'withdrawal-settlement', correlationId: 'req-7', causationId: deposit.id });
    // No metadata, or metadata of the wrong shape: "actor not recorded", timed by when the store recorded it.
    for (const old of found.slice(2)) {
      expect(old).toMatchObject({ actorType: null, actorUserId: null, correlationId: null, causationId: null, time: old.recordedAt });
    }
    expect(found.every((e) => !('data' in e))).toBe(true);
  });

  it('finds a member\'s actions and a time range, and comes out identical when rebuilt', async () => {
    const before = await events().find({ sort: [{ field: 'order', direction: 'asc' }] });
    expect((await events().find({ filter: { actorUserId: 'admin-1' } })).length).toBe(1);
    expect((await events().find({ filter: { time: { gte: at(1), lte: at(2) } } })).map((e) => e.type).sort()).toEqual(['DepositRecorded', 'SomethingFromTheFuture']);
    await harness.rebuild(1);
    expect(await events().find({ sort: [{ field: 'order', direction: 'asc' }] })).toEqual(before);
  });
});
