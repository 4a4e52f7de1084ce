import { UserEmailVerified, UserProfileUpdated, UserRegistered, streamName } from '@concierge/contracts';
import type { EventStore } from '@concierge/platform/event-store/port';

export interface MemberContact {
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
}

/**
 * The member's email and first name from their own stream (`user-<id>`), as of revision `upTo`
 * when given. Read from the write side rather than a read model, which may lag behind or be
 * rebuilding; reading up to the triggering event makes a repeated run render the same mail.
 * Undefined when the stream holds no registration.
 */
export async function memberContact(eventStore: EventStore, userId: string, upTo?: bigint): Promise<MemberContact | undefined> {
  const events = await eventStore.readStream(
    streamName('user', userId),
    upTo === undefined ? { direction: 'forwards' } : { direction: 'forwards', maxCount: Number(upTo) + 1 },
  );
  let contact: MemberContact | undefined;
  for (const event of events) {
    if (event.type === 'UserRegistered') {
      const registered = UserRegistered.safeParse(event.data);
      if (registered.success) contact = { email: registered.data.email, firstName: registered.data.firstName, lastName: registered.data.lastName };
    } else if (event.type === 'UserProfileUpdated' && contact) {
      const updated = UserProfileUpdated.safeParse(event.data);
      if (updated.success) contact = { ...contact, firstName: updated.data.firstName, lastName: updated.data.lastName };
    } else if (event.type === 'UserEmailVerified' && contact) {
      // The confirmed registration's name, not the first registrant's, is the member's.
      const registration = UserEmailVerified.safeParse(event.data).data?.registration;
      if (registration) contact = { ...contact, firstName: registration.firstName, lastName: registration.lastName };
    }
  }
  return contact;
}
