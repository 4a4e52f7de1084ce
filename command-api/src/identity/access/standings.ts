import type { StandingSource } from '@concierge/platform/auth/standing';
import type { EventStore } from '@concierge/platform/event-store/port';
import { sessionStreamId } from '@concierge/domain/identity/session/session';
import { findUserById } from '@concierge/domain/identity/user/find-user';

/**
 * Standings read from the write side itself: the account's stream and the last event of the
 * token's session. Exact at the moment of the read; the command API caches it for at most a second
 * and reads it fresh for routes that move money or reveal keys.
 */
export function eventStoreStandings(store: EventStore): StandingSource {
  return {
    async standing(principal) {
      const [user, [lastOfSession]] = await Promise.all([
        findUserById(store, principal.userId),
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
