import { USERS_COLLECTION, type UserDto, type UserPageResponse, type UserReadModel, type UsersQuery } from '@concierge/contracts';
import type { Collection, ReadStore, Search } from '@concierge/platform/read-store/port';
import { planNameFor, planNameOf, planNames } from '../../plans/queries.js';

type UserDoc = UserReadModel;

/**
 * The fields "Search by name or email" looks in. The read model keeps `fullName` as "First Last",
 * so any text found in the first or the last name is also found in the full name: searching
 * `fullName` and `email` matches exactly the users a search over first name, last name, full name
 * and email would, with half the work per user (and half the search indexes).
 */
export const USER_SEARCH_FIELDS = ['fullName', 'email'] as const;

async function withPlanNames(readStore: ReadStore, docs: readonly UserDoc[]): Promise<UserDto[]> {
  const names = await planNames(readStore);
  return docs.map((doc) => toUserDto(doc, planNameOf(names, doc.subscriptionPlan)));
}

const users = (readStore: ReadStore): Collection<UserDoc> => readStore.collection<UserDoc>(USERS_COLLECTION);

export function toUserDto(doc: UserDoc, subscriptionPlanName: string | null): UserDto {
  return {
    _id: doc.id,
    id: doc.id,
    firstName: doc.firstName,
    lastName: doc.lastName,
    email: doc.email,
    role: doc.role,
    status: doc.status,
    walletAddress: doc.walletAddress,
    subscriptionPlan: doc.subscriptionPlan,
    subscriptionPlanName,
    primaryWithdrawalAddress: doc.primaryWithdrawalAddress,
    // Documents projected before confirmation existed lack the field: those accounts needed none.
    emailVerified: doc.emailVerified ?? true,
    createdAt: doc.createdAt,
  };
}

/** One user by id, or undefined when the read model holds none. */
export async function findUser(readStore: ReadStore, id: string): Promise<UserDto | undefined> {
  const doc = await users(readStore).get(id);
  return doc ? toUserDto(doc, await planNameFor(readStore, doc.subscriptionPlan)) : undefined;
}

/**
 * The admin list: newest registrations first, one page, and the exact number of users matching
 * the same filter (counted, not taken from the page length as the original client did).
 */
export async function listUsers(readStore: ReadStore, query: UsersQuery): Promise<UserPageResponse> {
  const filter = query.status ? { status: query.status } : undefined;
  const search: Search | undefined = query.search ? { fields: USER_SEARCH_FIELDS, text: query.search } : undefined;
  // The page and its total in one statement, the plan names beside it: two round trips at once.
  const [{ docs, total }, names] = await Promise.all([
    users(readStore).findPage({
      filter,
      search,
      sort: [{ field: 'createdAt', direction: 'desc' }],
      skip: (query.page - 1) * query.limit,
      limit: query.limit,
    }),
    planNames(readStore),
  ]);
  return { users: docs.map((doc) => toUserDto(doc, planNameOf(names, doc.subscriptionPlan))), total, page: query.page, limit: query.limit };
}

/** Users waiting for approval, latest first (the dashboard shows the latest 5), with the exact number waiting. */
export async function pendingUsers(readStore: ReadStore, limit: number): Promise<{ users: UserDto[]; total: number }> {
  const collection = users(readStore);
  const filter = { status: 'pending' } as const;
  const [docs, total] = await Promise.all([
    collection.find({ filter, sort: [{ field: 'createdAt', direction: 'desc' }], limit }),
    collection.count({ filter }),
  ]);
  return { users: await withPlanNames(readStore, docs), total };
}
