import type { RequestHandler } from 'express';
import { auditRoutes } from '@concierge/contracts';
import { memberAtInstant } from '@concierge/domain/audit/member-history';
import { NotFoundError } from '@concierge/platform/errors';
import type { EventStore } from '@concierge/platform/event-store/port';
import { inputOf } from '@concierge/platform/http/route-table';

export const NO_MEMBER_MESSAGE = 'No member has this id: check the id in the stream browser (user-<id> streams).';

export interface TimeTravelDeps {
  /** Time travel reads the member's streams themselves; without a store the route stays unbuilt (501). */
  readonly eventStore?: EventStore;
}

/**
 * GET /audit/members/:userId/at: the member's account rebuilt from their streams as recorded up to
 * the instant, by the write side's own aggregates (domain/src/audit), never from a read model.
 */
export function timeTravelQueryHandlers(deps: TimeTravelDeps): Record<string, RequestHandler> {
  const { eventStore } = deps;
  if (!eventStore) return {};
  return {
    [auditRoutes.memberAt.id]: async (req, res) => {
      const { params, query } = inputOf(req, auditRoutes.memberAt);
      const answer = await memberAtInstant(eventStore, params.userId, query.instant);
      if (answer === undefined) throw new NotFoundError(NO_MEMBER_MESSAGE);
      res.json(answer);
    },
  };
}
