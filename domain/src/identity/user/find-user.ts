import type { AggregateDeps } from '../../shared/aggregate.js';
import { emailReservationStreamId } from '../registration/email-reservation.js';
import { userAggregate } from './decide.js';
import type { RegisteredUser } from './user.js';

/**
 * The account holding an email, read on the write side: the email's reservation stream names
 * the user, whose stream is the truth. A reservation left without an account (a registration
 * that crashed between its two appends) counts as no account.
 */
export async function findUserByEmail(deps: AggregateDeps, email: string): Promise<RegisteredUser | undefined> {
  const [reservation] = await deps.eventStore.readStream(emailReservationStreamId(email), { maxCount: 1 });
  const userId = reservation?.data['userId'];
  if (typeof userId !== 'string') return undefined;
  return findUserById(deps, userId);
}

/** The account of a user id, or undefined when there is none. */
export async function findUserById(deps: AggregateDeps, userId: string): Promise<RegisteredUser | undefined> {
  const state = await userAggregate.load(deps, userId);
  return state.status === 'unregistered' ? undefined : state;
}
