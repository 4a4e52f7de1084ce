import { UserProfileUpdated, UserRegistered } from '@concierge/contracts';
import type { RecordedEvent } from '@concierge/platform/event-store/port';
import type { ReadModelDoc } from '@concierge/platform/read-store/port';
import type { ProjectionContext } from '../runtime/projection.js';

/** What a money read model shows of the member; email never changes, names may. */
export type MemberDoc = { id: string; firstName: string; lastName: string; email: string; itemIds: string[] };

export type MemberNames = Pick<MemberDoc, 'firstName' | 'lastName'>;

/** The member events a directory follows. */
export const MEMBER_EVENT_TYPES = ['UserRegistered', 'UserProfileUpdated'] as const;

/**
 * A projection's own small copy of member names, with the ids of the member's documents in the
 * projection, so a rename rewrites exactly those documents (a read model cannot join at query
 * time, and the port has no "update where" to find them by userId).
 */
export function memberDirectory<T extends ReadModelDoc>(
  ctx: ProjectionContext,
  membersCollection: string,
  itemsCollection: string,
  /** The fields of an item that show the member's name. */
  nameFields: (names: MemberNames) => Partial<Omit<T, 'id'>>,
) {
  const members = ctx.collection<MemberDoc>(membersCollection);
  const items = ctx.collection<T>(itemsCollection);

  async function setNames(userId: string, names: MemberNames, email?: string): Promise<void> {
    const current = await members.get(userId);
    const member = { id: userId, email: email ?? current?.email ?? '', itemIds: current?.itemIds ?? [], ...names };
    await members.upsert(member);
    for (const itemId of member.itemIds) await items.update(itemId, nameFields(names));
  }

  return {
    /** Applies a member event; false when the event is not one. */
    async apply(event: RecordedEvent): Promise<boolean> {
      if (event.type === 'UserRegistered') {
        const e = UserRegistered.parse(event.data);
        await setNames(e.userId, { firstName: e.firstName, lastName: e.lastName }, e.email);
        return true;
      }
      if (event.type === 'UserProfileUpdated') {
        const e = UserProfileUpdated.parse(event.data);
        await setNames(e.userId, { firstName: e.firstName, lastName: e.lastName });
        return true;
      }
      return false;
    },

    /** Records that `itemId` belongs to the member and answers the member as known now. */
    async attach(userId: string, itemId: string): Promise<Omit<MemberDoc, 'itemIds'>> {
      const current = await members.get(userId);
      // A member unknown here (never seen registering) still gets their documents; names fill in on registration.
      const member = current ?? { id: userId, firstName: '', lastName: '', email: '', itemIds: [] };
      if (!member.itemIds.includes(itemId)) await members.upsert({ ...member, itemIds: [...member.itemIds, itemId] });
      return { id: member.id, firstName: member.firstName, lastName: member.lastName, email: member.email };
    },
  };
}

/** Instants from events, normalised so that text order is time order (`...00Z` vs `...00.5Z`). */
export function instant(text: string): string {
  return new Date(text).toISOString();
}
