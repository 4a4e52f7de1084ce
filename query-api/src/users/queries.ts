import { USERS_COLLECTION, type UserDto, type UserReadModel } from '@concierge/contracts';
import type { ReadStore } from '@concierge/platform/read-store/port';

type UserDoc = UserReadModel;

export function toUserDto(doc: UserDoc): UserDto {
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
    primaryWithdrawalAddress: doc.primaryWithdrawalAddress,
    createdAt: doc.createdAt,
  };
}

/** Users waiting for approval, oldest first, with the exact number waiting. */
export async function pendingUsers(readStore: ReadStore, limit: number): Promise<{ users: UserDto[]; total: number }> {
  const users = readStore.collection<UserDoc>(USERS_COLLECTION);
  const filter = { status: 'pending' } as const;
  const [docs, total] = await Promise.all([
    users.find({ filter, sort: [{ field: 'createdAt', direction: 'asc' }], limit }),
    users.count({ filter }),
  ]);
  return { users: docs.map(toUserDto), total };
}
