import { streamName, type UserDto } from '@concierge/contracts';
import type { EventStore } from '@concierge/platform/event-store/port';
import { loadPlan } from '../../plans/manage-plans.js';
import { DEFAULT_PLAN_ID, type PlanState } from '../../plans/plan.js';
import type { RegisteredUser } from './user.js';

/** The plan the member is on: theirs while it lives, else the default plan. */
async function memberPlan(store: EventStore, planId: string | null): Promise<PlanState> {
  const own = planId !== null ? await loadPlan(store, planId) : undefined;
  return own?.status === 'live' ? own : loadPlan(store, DEFAULT_PLAN_ID);
}

/**
 * The signed-in user as the login answer shows it, from the write side: the account stream,
 * plus the deposit address (`wallet-<id>`), primary withdrawal address (`addressBook-<id>`) and
 * plan name (`plan-<id>`) when those exist, so the answer never waits for a projection.
 */
export async function userDtoOf(store: EventStore, user: RegisteredUser): Promise<UserDto> {
  const [wallet, addressBook, plan] = await Promise.all([
    store.readStream(streamName('wallet', user.userId)),
    store.readStream(streamName('addressBook', user.userId), { direction: 'backwards' }),
    memberPlan(store, user.planId),
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
    subscriptionPlanName: plan.status === 'none' ? null : plan.name,
    primaryWithdrawalAddress: typeof primary === 'string' ? primary : null,
    emailVerified: user.emailVerified,
    createdAt: user.registeredAt,
  };
}
