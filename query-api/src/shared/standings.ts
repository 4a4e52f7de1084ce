import { ACCESS_COLLECTION, type AccessReadModel } from '@concierge/contracts';
import type { FollowedSource } from '@concierge/platform/auth/followed-standings';
import { ServiceUnavailableError } from '@concierge/platform/errors';
import { comparePositions, parsePosition, START, type Position } from '@concierge/platform/event-store/position';
import type { ReadStore } from '@concierge/platform/read-store/port';
import type { ProjectionWatch } from './projection-watch.js';

export const ACCESS_PROJECTION = 'access';
export const STANDING_SETTLING_MESSAGE = 'Your access is being updated. Please try again in a moment.';

export interface ProjectedStandingsOptions {
  readonly watch: ProjectionWatch;
  readonly timeoutMs: number;
  /** The event store's newest committed position: the projection has caught up once it reaches it. */
  readonly storeHead?: () => Promise<Position>;
}

/**
 * Standings from the access read model. When a change notice names an account, its next check
 * first waits (bounded) until the access projection has applied that change, so a suspension or
 * sign-out holds on the very next request; past the bound the request is refused with a 503
 * rather than served on the old standing. After the notice channel returns, the read model has
 * caught up once the projection reaches the store's head as it is then (without a head to compare
 * with, a test's API with no event store, at once).
 */
export function projectedStandings(readStore: ReadStore, options: ProjectedStandingsOptions): FollowedSource {
  const access = readStore.collection<AccessReadModel>(ACCESS_COLLECTION);
  const unsettled = new Map<string, Position>();
  const { storeHead } = options;
  return {
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
    noticed(change) {
      const position = change.position ? parsePosition(change.position) : undefined;
      const known = unsettled.get(change.userId);
      if (position && (!known || comparePositions(position, known) > 0)) unsettled.set(change.userId, position);
    },
    async caughtUp() {
      if (!storeHead) return true;
      const head = await storeHead();
      // An empty store has nothing the projection could lag behind (and it keeps no checkpoint yet).
      if (comparePositions(head, START) <= 0) return true;
      return options.watch.reach([ACCESS_PROJECTION], head, options.timeoutMs);
    },
  };
}
