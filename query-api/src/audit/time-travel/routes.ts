import { memberAtInstant } from '@concierge/domain/audit/member-history';
import { NotFoundError } from '@concierge/platform/errors';
import type { EventStore } from '@concierge/platform/event-store/port';
import type { SomeHandlers } from '@concierge/platform/http/handlers';
import { notImplemented } from '@concierge/platform/http/route-table';

export const NO_MEMBER_MESSAGE = 'No member has this id: check the id in the stream browser (user-<id> streams).';

export interface TimeTravelDeps {
  /** Time travel reads the member's streams themselves; without a store the route stays unbuilt (501). */
  readonly eventStore?: EventStore | undefined;
}

/**
 * GET /audit/members/:userId/at: the member's account rebuilt from their streams as recorded up to
 * the instant, by the write side's own aggregates (domain/src/audit), never from a read model.
 */
export function timeTravelQueryHandlers(deps: TimeTravelDeps) {
  const { eventStore } = deps;
  return {
    'audit.memberAt': eventStore
      ? async ({ params, query }) => {
          const answer = await memberAtInstant(eventStore, params.userId, query.instant);
          if (answer === undefined) throw new NotFoundError(NO_MEMBER_MESSAGE);
          return answer;
        }
      : notImplemented,
  } satisfies SomeHandlers<'query'>;
}
