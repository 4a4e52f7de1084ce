import { createHash, randomUUID } from 'node:crypto';
import type { AggregateDeps } from '../../shared/aggregate.js';
import type { CommandContext } from '../../shared/command-context.js';
import { reserve } from '../../shared/reservation.js';
import { userAggregate } from '../user/decide.js';

/** The stream that reserves one email for one user; the hash keeps addresses out of stream names. */
export function emailReservationStreamId(email: string): string {
  return `userEmail-${createHash('sha256').update(email).digest('hex')}`;
}

export interface EmailReservationDeps extends AggregateDeps {
  /** The id a fresh reservation gives its user; a random UUID unless said. */
  readonly newId?: () => string;
}

/** The user the email belongs to: a fresh reservation, or (`taken`) a user registered with it. */
export async function reserveEmail(deps: EmailReservationDeps, email: string, ctx: CommandContext): Promise<{ userId: string; taken: boolean }> {
  const userId = (deps.newId ?? randomUUID)();
  const reserved = await reserve(deps.eventStore, emailReservationStreamId(email), { type: 'EmailReserved', data: { email, userId, reservedAt: ctx.now.toISOString() } }, ctx);
  if (reserved.held) return { userId, taken: false };
  const reservedFor = String(reserved.holder.data['userId']);
  const state = await userAggregate.load(deps, reservedFor);
  return { userId: reservedFor, taken: state.status !== 'unregistered' };
}
