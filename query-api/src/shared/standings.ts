import { ACCESS_COLLECTION, type AccessReadModel } from '@concierge/contracts';
import { cachedStandings, type StandingCache } from '@concierge/platform/auth/standing-cache';
import type { StandingChanges } from '@concierge/platform/auth/standing-changes';
import { ServiceUnavailableError } from '@concierge/platform/errors';
import { comparePositions, parsePosition, type Position } from '@concierge/platform/event-store/position';
import type { ReadStore } from '@concierge/platform/read-store/port';
import type { ProjectionWatch } from './projection-watch.js';

export const ACCESS_PROJECTION = 'access';
export const STANDING_SETTLING_MESSAGE = 'Your access is being updated. Please try again in a moment.';

/**
 * Standings from the access read model. When a change notice names an account, its next check
 * first waits (bounded) until the access projection has applied that change, so a suspension or
 * sign-out holds on the very next request; past the bound the request is refused with a 503
 * rather than served on the old standing.
 */
export function projectedStandings(
  readStore: ReadStore,
  changes: StandingChanges,
  options: { readonly watch: ProjectionWatch; readonly timeoutMs: number },
): StandingCache {
  const access = readStore.collection<AccessReadModel>(ACCESS_COLLECTION);
  const unsettled = new Map<string, Position>();
  const cache = cachedStandings({
    async standing(principal) {
      const target = unsettled.get(principal.userId);
      if (target) {
        if (!(await options.watch.reach([ACCESS_PROJECTION], target, options.timeoutMs))) {
          throw new ServiceUnavailableError(STANDING_SETTLING_MESSAGE);
        }
        if (unsettled.get(principal.userId) === target) unsettled.delete(principal.userId);
      }
      const doc = await access.get(principal.userId);
      if (!doc) return null;
      const ended = doc.endedSessions.some((s) => s.sessionId === principal.sessionId);
      return {
        status: doc.status,
        role: doc.role,
        sessionsValidAfter: doc.sessionsValidAfter === null ? null : Date.parse(doc.sessionsValidAfter),
        sessionEnded: ended,
      };
    },
  });
  changes.subscribe((change) => {
    if (change === 'all') return cache.invalidateAll();
    const position = change.position ? parsePosition(change.position) : undefined;
    const known = unsettled.get(change.userId);
    if (position && (!known || comparePositions(position, known) > 0)) unsettled.set(change.userId, position);
    cache.invalidate(change.userId);
  });
  return cache;
}
