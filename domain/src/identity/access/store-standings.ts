import type { StandingSource } from '@concierge/platform/auth/standing';
import type { EventStore } from '@concierge/platform/event-store/port';
import type { AggregateStates } from '../../shared/aggregate-states.js';
import { sessionStreamId } from '../session/session.js';
import { findUserById } from '../user/find-user.js';

/**
 * Standings read from the event store itself: the account's stream and the last event of the
 * token's session. Exact at the moment of the read. The command API caches them while it hears
 * every change notice and reads them fresh for routes that move money or reveal keys; the query
 * API reads them on every request while its cache of the access projection may not be trusted.
 * With `aggregateStates` (the command API's) the account is read from its cached state.
 */
export function eventStoreStandings(store: EventStore, aggregateStates?: AggregateStates): StandingSource {
  return {
    async standing(principal) {
      const [user, [lastOfSession]] = await Promise.all([
        findUserById({ eventStore: store, aggregateStates }, principal.userId),
        store.readStream(sessionStreamId(principal.sessionId), { direction: 'backwards', maxCount: 1 }),
      ]);
      if (!user) return null;
      const sessionEnded = !lastOfSession || lastOfSession.type === 'RefreshSessionRevoked' || lastOfSession.data['userId'] !== user.userId;
      return {
        status: user.status,
        role: user.role,
        sessionsValidAfter: user.sessionsValidAfter === null ? null : Date.parse(user.sessionsValidAfter),
        sessionEnded,
      };
    },
  };
}
