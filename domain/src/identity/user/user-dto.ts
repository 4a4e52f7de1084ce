import { streamName, type UserDto } from '@concierge/contracts';
import type { EventStore } from '@concierge/platform/event-store/port';
import type { RegisteredUser } from './user.js';

/**
 * The signed-in user as the login answer shows it, from the write side: the account stream,
 * plus the deposit address (`wallet-<id>`) and primary withdrawal address (`addressBook-<id>`)
 * when those exist, so the answer never waits for a projection.
 */
export async function userDtoOf(store: EventStore, user: RegisteredUser): Promise<UserDto> {
  const [wallet, addressBook] = await Promise.all([
    store.readStream(streamName('wallet', user.userId)),
    store.readStream(streamName('addressBook', user.userId), { direction: 'backwards' }),
  ]);
  const assigned = wallet.find((event) => event.type === 'DepositAddressAssigned')?.data['address'];
  const primary = addressBook.find((event) => event.type === 'PrimaryWithdrawalAddressSet')?.data['addressId'];
  return {
    _id: user.userId,
    id: user.userId,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    role: user.role,
    status: user.status,
    walletAddress: typeof assigned === 'string' ? assigned : null,
    subscriptionPlan: user.planId,
    primaryWithdrawalAddress: typeof primary === 'string' ? primary : null,
    emailVerified: user.emailVerified,
    createdAt: user.registeredAt,
  };
}
