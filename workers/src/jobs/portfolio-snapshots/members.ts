import { USERS_COLLECTION, type UserReadModel } from '@concierge/contracts';
import type { ReadStore } from '@concierge/platform/read-store/port';

const PAGE = 1_000;

/**
 * Every approved member (role `user`, status `approved`) by id, a page at a time, from the `users`
 * read model: a round values whoever is a member as far as the read model knows (it trails the
 * event store by the projection's lag; one approved a moment before a round is in the next one).
 * Pending, rejected and suspended people and admins have no valuation.
 */
export async function* approvedMembers(readStore: ReadStore): AsyncGenerator<readonly string[]> {
  const users = readStore.collection<UserReadModel>(USERS_COLLECTION);
  for (let skip = 0; ; skip += PAGE) {
    const page = await users.find({ filter: { role: 'user', status: 'approved' }, sort: [{ field: 'id', direction: 'asc' }], skip, limit: PAGE });
    if (page.length > 0) yield page.map((user) => user.id);
    if (page.length < PAGE) return;
  }
}

/** Members' platform wallet addresses (null when none was handed out yet or the member is unknown). */
export async function memberAddresses(readStore: ReadStore, userIds: readonly string[]): Promise<ReadonlyMap<string, string | null>> {
  const found = await readStore.collection<UserReadModel>(USERS_COLLECTION).find({ filter: { id: { in: [...new Set(userIds)] } } });
  const byId = new Map(found.map((user) => [user.id, user.walletAddress]));
  return new Map(userIds.map((userId) => [userId, byId.get(userId) ?? null]));
}
