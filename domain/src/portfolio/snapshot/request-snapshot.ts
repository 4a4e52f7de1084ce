import { randomUUID } from 'node:crypto';
import type { SnapshotMemberJob } from '@concierge/contracts';
import { NotFoundError } from '@concierge/platform/errors';
import type { EventStore } from '@concierge/platform/event-store/port';
import { findUserById } from '../../identity/user/find-user.js';

/** Where a request for a valuation is left for the workers (the command API's adapter is the portfolio-snapshots queue). */
export interface SnapshotRequests {
  /** Enqueues one member's valuation; the same member and slot again is ignored while the job is kept. */
  enqueue(job: SnapshotMemberJob): Promise<void>;
}

export const MEMBER_NOT_FOUND_MESSAGE = 'No member found with this ID.';

/** Ids the platform issues; anything else names no one and never reaches the store. */
const isIssuedId = (id: string) => /^[A-Za-z0-9_-]{1,64}$/.test(id);

/**
 * An admin (or the member) asks for a valuation now: one member job in the slot
 * `request:<requestId>`, valued at the chain's head when it runs. Only members have a portfolio:
 * an unknown id, an admin or an auditor is a 404.
 */
export async function requestPortfolioSnapshot(
  deps: { readonly eventStore: EventStore; readonly snapshots: SnapshotRequests },
  userId: string,
  reason: 'admin' | 'member',
): Promise<{ requestId: string }> {
  const user = isIssuedId(userId) ? await findUserById(deps.eventStore, userId) : undefined;
  if (user === undefined || user.role !== 'user') throw new NotFoundError(MEMBER_NOT_FOUND_MESSAGE);
  const requestId = randomUUID();
  await deps.snapshots.enqueue({ userId, slot: `request:${requestId}`, reason, requestId, blockNumber: null });
  return { requestId };
}
