import type { EventStore } from '@concierge/platform/event-store/port';
import { loadState } from '../../shared/aggregate.js';
import { emailReservationStreamId } from '../registration/register.js';
import { userAggregate } from './decide.js';
import { userStreamId, type RegisteredUser } from './user.js';

/**
 * The account holding an email, read on the write side: the email's reservation stream names
 * the user, whose stream is the truth. A reservation left without an account (a registration
 * that crashed between its two appends) counts as no account.
 */
export async function findUserByEmail(store: EventStore, email: string): Promise<RegisteredUser | undefined> {
  const [reservation] = await store.readStream(emailReservationStreamId(email), { maxCount: 1 });
  const userId = reservation?.data['userId'];
  if (typeof userId !== 'string') return undefined;
  const { state } = await loadState(store, userStreamId(userId), userAggregate);
  return state.status === 'unregistered' ? undefined : state;
}

/** The account of a user id, or undefined when there is none. */
export async function findUserById(store: EventStore, userId: string): Promise<RegisteredUser | undefined> {
  const { state } = await loadState(store, userStreamId(userId), userAggregate);
  return state.status === 'unregistered' ? undefined : state;
}
