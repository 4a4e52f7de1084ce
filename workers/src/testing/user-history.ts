import { randomUUID } from 'node:crypto';
import type { EventStore, NewEvent } from '@concierge/platform/event-store/port';

function envelope(type: string, data: Record<string, unknown>, at: string): NewEvent {
  const id = randomUUID();
  return {
    id,
    type,
    data,
    metadata: { actor: { type: 'user', userId: 'admin-1', role: 'admin' }, correlationId: id, causationId: id, occurredAt: at, schemaVersion: 1 },
  };
}

/**
 * A plausible life of one account: registration, then (by the seed) approval or rejection,
 * a profile edit, a suspension. Returns the events in stream order.
 */
export function userLife(seed: number, userId = randomUUID()): NewEvent[] {
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 0, seed % 1000, minute)).toISOString();
  const events = [
    envelope(
      'UserRegistered',
      {
        userId,
        firstName: `First${seed}`,
        lastName: `Last${seed}`,
        email: `member${seed}@example.com`,
        passwordHash: '$argon2id$v=19$m=8192,t=1,p=1$c2FsdHNhbHQ$aGFzaGhhc2g',
        role: 'user',
        registeredAt: at(0),
      },
      at(0),
    ),
  ];
  if (seed % 3 === 0) events.push(envelope('UserApproved', { userId, approvedAt: at(1) }, at(1)));
  if (seed % 3 === 1) events.push(envelope('UserRejected', { userId, reason: 'generic reason', rejectedAt: at(1) }, at(1)));
  if (seed % 4 === 0) events.push(envelope('UserProfileUpdated', { userId, firstName: `Renamed${seed}`, lastName: `Last${seed}`, updatedAt: at(2) }, at(2)));
  if (seed % 6 === 0) events.push(envelope('UserStatusChanged', { userId, from: 'approved', to: 'suspended', changedAt: at(3) }, at(3)));
  return events;
}

/** Appends accounts' histories, one append per event, as commands would. Returns how many events. */
export async function appendUserLives(store: EventStore, seeds: Iterable<number>): Promise<number> {
  let count = 0;
  for (const seed of seeds) {
    const events = userLife(seed);
    const streamId = `user-${String(events[0]?.data['userId'])}`;
    for (const [i, event] of events.entries()) {
      await store.appendToStream(streamId, [event], { expectedRevision: i === 0 ? 'no_stream' : BigInt(i - 1) });
      count += 1;
    }
  }
  return count;
}
