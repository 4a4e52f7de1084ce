import type { ReadModelDoc } from '@concierge/platform/read-store/port';
import type { ProjectionContext, ProjectionHandlers } from '../runtime/projection.js';

/** What a money read model shows of the member; email never changes, names may. */
export type MemberDoc = { id: string; firstName: string; lastName: string; email: string; itemIds: string[] };

export type MemberNames = Pick<MemberDoc, 'firstName' | 'lastName'>;

/**
 * A projection's own small copy of member names, with the ids of the member's documents in the
 * projection, so a rename rewrites exactly those documents (a read model cannot join at query
 * time, and the port has no "update where" to find them by userId). The projection spreads `on`
 * into its own handlers and calls `attach` when it writes a member's document.
 */
export function memberDirectory<T extends ReadModelDoc>(
  membersCollection: string,
  itemsCollection: string,
  /** The fields of an item that show the member's name. */
  nameFields: (names: MemberNames) => Partial<Omit<T, 'id'>>,
) {
  const members = (tx: ProjectionContext) => tx.collection<MemberDoc>(membersCollection);

  async function setNames(tx: ProjectionContext, userId: string, names: MemberNames, email?: string): Promise<void> {
    const current = await members(tx).get(userId);
    const member = { id: userId, email: email ?? current?.email ?? '', itemIds: current?.itemIds ?? [], ...names };
    await members(tx).upsert(member);
    const items = tx.collection<T>(itemsCollection);
    for (const itemId of member.itemIds) await items.update(itemId, nameFields(names));
  }

  return {
    /** The member events the directory follows. */
    on: {
      UserRegistered: ({ data }, tx) => setNames(tx, data.userId, { firstName: data.firstName, lastName: data.lastName }, data.email),
      UserProfileUpdated: ({ data }, tx) => setNames(tx, data.userId, { firstName: data.firstName, lastName: data.lastName }),
      // The confirmed registration's name replaces the first registrant's (older events name no registration).
      UserEmailVerified: async ({ data }, tx) => {
        if (data.registration) await setNames(tx, data.userId, { firstName: data.registration.firstName, lastName: data.registration.lastName });
      },
    } satisfies ProjectionHandlers,

    /** Records that `itemId` belongs to the member and answers the member as known now. */
    async attach(tx: ProjectionContext, userId: string, itemId: string): Promise<Omit<MemberDoc, 'itemIds'>> {
      const current = await members(tx).get(userId);
      // A member unknown here (never seen registering) still gets their documents; names fill in on registration.
      const member = current ?? { id: userId, firstName: '', lastName: '', email: '', itemIds: [] };
      if (!member.itemIds.includes(itemId)) await members(tx).upsert({ ...member, itemIds: [...member.itemIds, itemId] });
      return { id: member.id, firstName: member.firstName, lastName: member.lastName, email: member.email };
    },
  };
}

/** Instants from events, normalised so that text order is time order (`...00Z` vs `...00.5Z`). */
export function instant(text: string): string {
  return new Date(text).toISOString();
}
