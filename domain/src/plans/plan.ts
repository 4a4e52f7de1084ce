import { DEFAULT_PLAN_ID, streamName, type subscriptionPlanEvents } from '@concierge/contracts';
import type { EventOf } from '../shared/event-union.js';
import { PersistentMap } from '../shared/persistent-map.js';

/** `plan-<planId>`: one subscription plan and the members on it. */
export const planStreamId = (planId: string) => streamName('plan', planId);
/** `planName-<key>`: the claim of a plan name, unique ignoring case. */
export const planNameStreamId = (key: string) => streamName('planName', key);

/**
 * The plan every member is on until an admin puts them on another: it exists from the first start
 * (seeded with `DEFAULT_PLAN_FEE_PERCENT`), can be edited and deactivated, never deleted.
 */
export { DEFAULT_PLAN_ID };
export const DEFAULT_PLAN_NAME = 'Premium Concierge';
export const DEFAULT_PLAN_DESCRIPTION = 'The plan every member starts on.';

export type PlanEvent = EventOf<keyof typeof subscriptionPlanEvents>;

export interface PlanFields {
  readonly name: string;
  /** Canonical decimal text, e.g. '2.5'. */
  readonly feePercentage: string;
  readonly description: string;
  readonly isActive: boolean;
}

export interface Plan extends PlanFields {
  readonly planId: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** Every member the plan knows is on it (joined and not left), by user id, with when they joined. */
  readonly members: PersistentMap<string>;
}

export type PlanState = { readonly status: 'none' } | ({ readonly status: 'live' } & Plan) | ({ readonly status: 'deleted' } & Plan);

export const initialPlanState: PlanState = { status: 'none' };

export function evolvePlan(state: PlanState, event: PlanEvent): PlanState {
  if (event.type === 'SubscriptionPlanCreated') {
    const { planId, name, feePercentage, description, isActive, createdAt } = event.data;
    return { status: 'live', planId, name, feePercentage, description, isActive, createdAt, updatedAt: createdAt, members: PersistentMap.empty<string>() };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'SubscriptionPlanUpdated': {
      const { name, feePercentage, description, updatedAt } = event.data;
      return { ...state, name, feePercentage, description, updatedAt };
    }
    case 'SubscriptionPlanActivated':
      return { ...state, isActive: true, updatedAt: event.data.activatedAt };
    case 'SubscriptionPlanDeactivated':
      return { ...state, isActive: false, updatedAt: event.data.deactivatedAt };
    case 'SubscriptionPlanDeleted':
      return { ...state, status: 'deleted', updatedAt: event.data.deletedAt };
    case 'SubscriptionPlanMemberAdded':
      return { ...state, members: state.members.set(event.data.userId, event.data.addedAt) };
    case 'SubscriptionPlanMemberRemoved':
      return { ...state, members: state.members.delete(event.data.userId) };
  }
}
