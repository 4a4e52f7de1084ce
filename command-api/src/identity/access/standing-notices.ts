import { STANDING_CHANGE_EVENT_TYPES } from '@concierge/contracts';
import type { StandingChanges } from '@concierge/platform/auth/standing-changes';
import type { EventStore, NewEvent } from '@concierge/platform/event-store/port';
import { decorateEventStore } from '@concierge/platform/event-store/decorate';
import { formatPosition } from '@concierge/platform/event-store/position';

/**
 * Events after which an account's standing (status, role, sessions) is no longer what it was, and
 * sign-ins: a session's first requests must be checked against a standing at least as new as the
 * sign-in (an account approved a moment ago is not refused as pending by a lagging read model).
 */
export const STANDING_EVENT_TYPES: ReadonlySet<string> = new Set(['RefreshSessionIssued', ...STANDING_CHANGE_EVENT_TYPES]);

function accountsChangedBy(events: readonly NewEvent[]): string[] {
  const ids = events.filter((e) => STANDING_EVENT_TYPES.has(e.type)).map((e) => e.data['userId']);
  return [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
}

/**
 * The event store as the command side uses it: after an append that changes an account's
 * standing, every process of the deployment is told before the command answers, so the
 * change holds from the very next request on any replica.
 */
export function withStandingNotices(store: EventStore, changes: StandingChanges): EventStore {
  return decorateEventStore(store, {
    appendToStream: async (streamId, events, options) => {
      const result = await store.appendToStream(streamId, events, options);
      const position = formatPosition(result.position);
      await Promise.all(accountsChangedBy(events).map((userId) => changes.publish({ userId, position })));
      return result;
    },
  });
}
