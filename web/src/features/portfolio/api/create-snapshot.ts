import type { SnapshotAccepted } from '@concierge/contracts';
import * as portfolioRoutes from '@concierge/contracts/portfolio/routes';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /wallets/user/:id/snapshot (admin): a valuation of the member now; 202 once it is queued. */
export function createSnapshot(userId: string): Promise<SnapshotAccepted> {
  return api(portfolioRoutes.snapshot, { params: { id: userId }, body: {} });
}

export function useCreateSnapshot(userId: string) {
  return useMutation({ mutationFn: () => createSnapshot(userId) });
}
