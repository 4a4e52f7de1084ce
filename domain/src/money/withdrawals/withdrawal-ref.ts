import { createHash, randomUUID } from 'node:crypto';
import { streamName, WithdrawalReferenced } from '@concierge/contracts';
import { ConflictError } from '@concierge/platform/errors';
import type { AggregateDeps } from '../../shared/aggregate.js';
import type { CommandContext } from '../../shared/command-context.js';
import { reserve } from '../../shared/reservation.js';

/**
 * Withdrawal ids are opaque UUIDs, so an admin's path id alone does not say which `account-<userId>`
 * holds the withdrawal. `withdrawalRef-<withdrawalId>` says it: appended with "no stream" before
 * `WithdrawalRequested`, so every requested withdrawal is findable, even after a crash between the
 * two appends. A reference whose request was refused or never landed points at an account that
 * does not hold the id, which reads as "not found"; it is never reused, since ids are fresh.
 */
export const withdrawalRefStreamId = (withdrawalId: string) => streamName('withdrawalRef', withdrawalId);

export const WITHDRAWAL_ID_TAKEN_MESSAGE = 'This withdrawal id is already in use.';

/** Ids the platform issues; anything else names nothing and never reaches the store. */
export const isIssuedId = (id: string) => /^[A-Za-z0-9_-]{1,64}$/.test(id);

function uuidFromHex(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/**
 * A fresh id, or one derived from the member and their `Idempotency-Key`: a client that resends a
 * request with the same key gets the same withdrawal instead of a second one.
 */
export function newWithdrawalId(userId: string, idempotencyKey: string | undefined): string {
  if (idempotencyKey === undefined || idempotencyKey.trim() === '') return randomUUID();
  return uuidFromHex(createHash('sha256').update(`withdrawal:${userId}:${idempotencyKey.trim()}`).digest('hex'));
}

/** The member whose account holds this withdrawal, as far as its reference says. */
export async function ownerOfWithdrawal(deps: AggregateDeps, withdrawalId: string): Promise<string | undefined> {
  if (!isIssuedId(withdrawalId)) return undefined;
  const [first] = await deps.eventStore.readStream(withdrawalRefStreamId(withdrawalId), { maxCount: 1 });
  return first === undefined ? undefined : WithdrawalReferenced.parse(first.data).userId;
}

/** Records who holds the id; a retry by the same member is a no-op, anyone else is refused. */
export async function referenceWithdrawal(deps: AggregateDeps, input: { readonly withdrawalId: string; readonly userId: string }, ctx: CommandContext): Promise<void> {
  const { withdrawalId, userId } = input;
  const data: WithdrawalReferenced = { withdrawalId, userId, referencedAt: ctx.now.toISOString() };
  const reserved = await reserve(deps.eventStore, withdrawalRefStreamId(withdrawalId), { type: 'WithdrawalReferenced', data }, ctx);
  if (!reserved.held && WithdrawalReferenced.parse(reserved.holder.data).userId !== userId) throw new ConflictError(WITHDRAWAL_ID_TAKEN_MESSAGE);
}
