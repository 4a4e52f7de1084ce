import type { UserDto } from '@concierge/contracts';
import type { EventStore } from '@concierge/platform/event-store/port';
import { withdrawalAddressesAggregate } from '../../money/withdrawal-addresses/decide.js';
import { withdrawalAddressesStreamId } from '../../money/withdrawal-addresses/withdrawal-addresses.js';
import { walletAggregate } from '../../money/wallets/decide.js';
import { walletStreamId } from '../../money/wallets/wallet.js';
import { loadPlan } from '../../plans/manage-plans.js';
import { loadState } from '../../shared/aggregate.js';
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
  // Through the aggregates' cached states: both streams grow with what a member does (auto-withdrawal switches, address edits).
  const [wallet, addressBook, plan] = await Promise.all([
    loadState(store, walletStreamId(user.userId), walletAggregate),
    loadState(store, withdrawalAddressesStreamId(user.userId), withdrawalAddressesAggregate),
    memberPlan(store, user.planId),
  ]);
  return {
    _id: user.userId,
    id: user.userId,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    role: user.role,
    status: user.status,
    walletAddress: wallet.state.deposit?.address ?? null,
    subscriptionPlan: user.planId,
    subscriptionPlanName: plan.status === 'none' ? null : plan.name,
    primaryWithdrawalAddress: addressBook.state.primaryId,
    emailVerified: user.emailVerified,
    createdAt: user.registeredAt,
  };
}
