import { DEFAULT_PLAN_ID } from '@concierge/contracts';
import { walletAggregate } from '../../money/wallets/decide.js';
import { withdrawalAddressesAggregate } from '../../money/withdrawal-addresses/decide.js';
import { planAggregate } from '../../plans/decide.js';
import type { PlanState } from '../../plans/plan.js';
import type { AggregateDeps } from '../../shared/aggregate.js';
import type { RegisteredUser } from './user.js';

/** A signed-in user with what their other streams say about them (the sign-in answer shows it). */
export interface MemberProfile {
  readonly user: RegisteredUser;
  /** Their deposit address, once assigned. */
  readonly depositAddress: string | null;
  /** The id of their primary withdrawal address, if they saved one. */
  readonly primaryWithdrawalAddressId: string | null;
  /** The name of the plan they are on (theirs while it lives, else the default plan); null before the default plan exists. */
  readonly planName: string | null;
}

/** The plan the member is on: theirs while it lives, else the default plan. */
async function memberPlan(deps: AggregateDeps, planId: string | null): Promise<PlanState> {
  const own = planId !== null ? await planAggregate.load(deps, planId) : undefined;
  return own?.status === 'live' ? own : planAggregate.load(deps, DEFAULT_PLAN_ID);
}

/**
 * The user from the write side: the account stream, plus the deposit address (`wallet-<id>`),
 * primary withdrawal address (`addressBook-<id>`) and plan name (`plan-<id>`) when those exist, so
 * the sign-in answer never waits for a projection.
 */
export async function memberProfileOf(deps: AggregateDeps, user: RegisteredUser): Promise<MemberProfile> {
  // Through the aggregates' cached states: both streams grow with what a member does (auto-withdrawal switches, address edits).
  const [wallet, addressBook, plan] = await Promise.all([
    walletAggregate.load(deps, user.userId),
    withdrawalAddressesAggregate.load(deps, user.userId),
    memberPlan(deps, user.planId),
  ]);
  return {
    user,
    depositAddress: wallet.deposit?.address ?? null,
    primaryWithdrawalAddressId: addressBook.primaryId,
    planName: plan.status === 'none' ? null : plan.name,
  };
}
