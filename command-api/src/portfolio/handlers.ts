import type { SomeHandlers } from '@concierge/platform/http/handlers';
import { notImplemented } from '@concierge/platform/http/route-table';
import { requestPortfolioSnapshot, type SnapshotRequests } from '@concierge/domain/portfolio/snapshot/request-portfolio-snapshot';
import type { AggregateDeps } from '@concierge/domain/shared/aggregate-states';

export const SNAPSHOT_REQUESTED_MESSAGE = 'Snapshot requested. The new valuation appears in a few moments.';

export interface PortfolioRouteDeps extends AggregateDeps {
  /** The portfolio-snapshots queue; without it the route answers 501. */
  readonly snapshots?: SnapshotRequests | undefined;
}

/**
 * POST /wallets/user/:id/snapshot (admin): queues a valuation of the member now and answers 202;
 * the snapshot is recorded by the workers (no event is appended here, so no position).
 */
export function portfolioHandlers(deps: PortfolioRouteDeps) {
  const { snapshots } = deps;
  return {
    'portfolio.snapshot': snapshots
      ? async ({ params }) => {
          const { requestId } = await requestPortfolioSnapshot({ ...deps, snapshots }, { userId: params.id, reason: 'admin' });
          return { message: SNAPSHOT_REQUESTED_MESSAGE, requestId, position: null };
        }
      : notImplemented,
  } satisfies SomeHandlers<'command'>;
}
