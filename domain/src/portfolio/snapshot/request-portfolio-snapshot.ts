import { randomUUID } from 'node:crypto';
import type { SnapshotMemberJob } from '@concierge/contracts';
import { ConflictError, NotFoundError } from '@concierge/platform/errors';
import { findUserById } from '../../identity/user/find-user.js';
import type { AggregateDeps } from '../../shared/aggregate.js';

/** Where a request for a valuation is left for the workers (the command API's adapter is the portfolio-snapshots queue). */
export interface SnapshotRequests {
  /**
   * Enqueues one member's valuation; the same member and slot again is ignored while the job is
   * kept. An admin's request for a member whose requested valuation is still queued or running
   * joins that one: its request id is returned (undefined when this job was queued).
   */
  enqueue(job: SnapshotMemberJob): Promise<string | undefined>;
}

export const MEMBER_NOT_FOUND_MESSAGE = 'No member found with this ID.';
export const MEMBER_NOT_APPROVED_MESSAGES = {
  pending: 'This registration is not approved yet, so there is no portfolio to value.',
  rejected: 'This registration was rejected, so there is no portfolio to value.',
} as const;

/** Ids the platform issues; anything else names no one and never reaches the store. */
const isIssuedId = (id: string) => /^[A-Za-z0-9_-]{1,64}$/.test(id);

/**
 * An admin (or the member) asks for a valuation now: one member job in the slot
 * `request:<requestId>`, valued at the chain's head when it runs, or the one already queued or
 * running for the member (its request id is answered). Only members have a portfolio: an unknown
 * id, an admin or an auditor is a 404; a registration never approved (pending, rejected) is a 409.
 */
export async function requestPortfolioSnapshot(
  deps: AggregateDeps & { readonly snapshots: SnapshotRequests },
  input: { readonly userId: string; readonly reason: 'admin' | 'member' },
): Promise<{ requestId: string }> {
  const { userId, reason } = input;
  const user = isIssuedId(userId) ? await findUserById(deps, userId) : undefined;
  if (user === undefined || user.role !== 'user') throw new NotFoundError(MEMBER_NOT_FOUND_MESSAGE);
  if (user.status === 'pending' || user.status === 'rejected') throw new ConflictError(MEMBER_NOT_APPROVED_MESSAGES[user.status]);
  const requestId = randomUUID();
  const joined = await deps.snapshots.enqueue({ userId, slot: `request:${requestId}`, reason, requestId, blockNumber: null });
  return { requestId: joined ?? requestId };
}
