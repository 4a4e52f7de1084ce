import type { RequestHandler } from 'express';
import { portfolioRoutes, type SnapshotAccepted } from '@concierge/contracts';
import { inputOf } from '@concierge/platform/http/route-table';
import { requestPortfolioSnapshot, type SnapshotRequests } from '@concierge/domain/portfolio/snapshot/request-portfolio-snapshot';
import type { AggregateDeps } from '@concierge/domain/shared/aggregate-states';

export const SNAPSHOT_REQUESTED_MESSAGE = 'Snapshot requested. The new valuation appears in a few moments.';

export interface PortfolioRouteDeps extends AggregateDeps {
  readonly snapshots: SnapshotRequests;
}

/**
 * POST /wallets/user/:id/snapshot (admin): queues a valuation of the member now and answers 202;
 * the snapshot is recorded by the workers (no event is appended here, so no position).
 */
export function snapshotHandler(deps: PortfolioRouteDeps): RequestHandler {
  return async (req, res) => {
    const { params } = inputOf(req, portfolioRoutes.snapshot);
    const { requestId } = await requestPortfolioSnapshot(deps, { userId: params.id, reason: 'admin' });
    const accepted: SnapshotAccepted = { message: SNAPSHOT_REQUESTED_MESSAGE, requestId, position: null };
    res.status(202).json(accepted);
  };
}
