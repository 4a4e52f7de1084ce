import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ACCESS_COLLECTION, type AccessReadModel } from '@concierge/contracts';
import type { NewEvent } from '@concierge/platform/event-store/port';
import { useProjectionHarness } from '../testing/projection-harness.js';
import { accessProjection } from './projection.js';

function event(type: string, data: Record<string, unknown>, occurredAt: string): NewEvent {
  const id = randomUUID();
  return { id, type, data, metadata: { actor: { type: 'system' }, correlationId: id, causationId: id, occurredAt, schemaVersion: 1 } };
}

const at = (hour: number, minute = 0) => new Date(Date.UTC(2026, 10, 2, hour, minute)).toISOString();

describe('access projection', () => {
  const harness = useProjectionHarness(accessProjection, 'accessproj');
  const access = () => harness.readStore.collection<AccessReadModel>(ACCESS_COLLECTION);

  async function lifeOf(userId: string) {
    const registration = { userId, firstName: 'Ada', lastName: 'L', email: `${userId}@example.com`, passwordHash: 'x', role: 'user', registeredAt: at(0) };
    await harness.eventStore.appendToStream(
      `user-${userId}`,
      [
        event('UserRegistered', registration, at(0)),
        event('UserApproved', { userId, approvedAt: at(1) }, at(1)),
        event('UserRoleChanged', { userId, from: 'user', to: 'admin', changedAt: at(2) }, at(2)),
        event('UserSessionsEnded', { userId, reason: 'logout_everywhere', endedBy: userId, endedAt: at(3) }, at(3)),
        event('UserStatusChanged', { userId, from: 'approved', to: 'suspended', changedAt: at(4) }, at(4)),
      ],
      { expectedRevision: 'no_stream' },
    );
    for (const [sessionId, hour] of [['s-old', 1], ['s-new', 30]] as const) {
      await harness.eventStore.appendToStream(
        `session-${sessionId}-${userId}`,
        [event('RefreshSessionRevoked', { sessionId: `${sessionId}-${userId}`, userId, reason: 'logout', revokedAt: at(hour) }, at(hour))],
        { expectedRevision: 'any' },
      );
    }
  }

  it("holds each account's status, role, the cut-off of its sessions and the sessions ended in the last day", async () => {
    const userId = randomUUID();
    await lifeOf(userId);
    await harness.catchUp(2);
    expect(await access().get(userId)).toEqual({
      id: userId,
      status: 'suspended',
      role: 'admin',
      sessionsValidAfter: at(3),
      // The first session ended more than a day before the second: its tokens are long dead.
      endedSessions: [{ sessionId: `s-new-${userId}`, endedAt: at(30) }],
    });
  });

  it('comes out identical when dropped and replayed from the first event', async () => {
    await lifeOf(randomUUID());
    await harness.catchUp(3);
    const incremental = await access().find({ sort: [{ field: 'id', direction: 'asc' }] });
    await harness.rebuild(1000);
    expect(await access().find({ sort: [{ field: 'id', direction: 'asc' }] })).toEqual(incremental);
    expect(incremental).toHaveLength(2);
  });
});
