import type { SubscriptionPlanCommand } from '@concierge/contracts';
import { ConflictError, NotFoundError } from '@concierge/platform/errors';
import { defineAggregate } from '../shared/aggregate.js';
import { DEFAULT_PLAN_ID, evolvePlan, initialPlanState, planStreamId, type Plan, type PlanEvent, type PlanState } from './plan.js';

export const PLAN_NOT_FOUND_MESSAGE = 'Subscription plan not found';
export const PLAN_EXISTS_MESSAGE = 'This plan was already created with different details.';
export const DEFAULT_PLAN_UNDELETABLE_MESSAGE =
  'The default plan cannot be deleted: every member without another plan is on it. You can rename it, change its fee or deactivate it.';

export const inactivePlanMessage = (name: string) => `The plan ${name} is inactive: activate it in the Subscription Manager before assigning it.`;

/** "2 members are on Gold: move them to another plan, or deactivate Gold instead (it stays valid for them)." */
export function planMembersMessage(name: string, count: number): string {
  const who = count === 1 ? '1 member is' : `${count} members are`;
  return `${who} on ${name}: move them to another plan, or deactivate ${name} instead (it stays valid for members already on it).`;
}

function live(state: PlanState): Plan & { status: 'live' } {
  if (state.status !== 'live') throw new NotFoundError(PLAN_NOT_FOUND_MESSAGE);
  return state;
}

export function decidePlan(command: SubscriptionPlanCommand, state: PlanState): PlanEvent[] {
  const at = command.metadata.now;
  switch (command.type) {
    case 'CreateSubscriptionPlan': {
      const { planId, name, feePercentage, description, isActive } = command.data;
      if (state.status === 'none') return [{ type: 'SubscriptionPlanCreated', data: { planId, name, feePercentage, description, isActive, createdAt: at } }];
      // The same request again (a retry) changes nothing; anything else under this id is a clash.
      const same = state.status === 'live' && state.name === name && state.feePercentage === feePercentage && state.description === description && state.isActive === isActive;
      if (same) return [];
      throw new ConflictError(PLAN_EXISTS_MESSAGE);
    }
    case 'UpdateSubscriptionPlan': {
      const plan = live(state);
      const { planId, name, feePercentage, description, isActive } = command.data;
      const events: PlanEvent[] = [];
      if (plan.name !== name || plan.feePercentage !== feePercentage || plan.description !== description) {
        events.push({ type: 'SubscriptionPlanUpdated', data: { planId, name, feePercentage, description, updatedAt: at } });
      }
      if (plan.isActive !== isActive) {
        events.push(isActive ? { type: 'SubscriptionPlanActivated', data: { planId, activatedAt: at } } : { type: 'SubscriptionPlanDeactivated', data: { planId, deactivatedAt: at } });
      }
      return events;
    }
    case 'DeleteSubscriptionPlan': {
      if (state.status === 'deleted') return [];
      const plan = live(state);
      const { planId, notMembers } = command.data;
      if (planId === DEFAULT_PLAN_ID) throw new ConflictError(DEFAULT_PLAN_UNDELETABLE_MESSAGE);
      const gone = new Set(notMembers.filter((userId) => plan.members.has(userId)));
      const remaining = plan.members.size - gone.size;
      if (remaining > 0) throw new ConflictError(planMembersMessage(plan.name, remaining), { memberCount: remaining });
      return [
        ...[...gone].map((userId): PlanEvent => ({ type: 'SubscriptionPlanMemberRemoved', data: { planId, userId, removedAt: at } })),
        { type: 'SubscriptionPlanDeleted', data: { planId, deletedAt: at } },
      ];
    }
    case 'AddSubscriptionPlanMember': {
      const plan = live(state);
      const { planId, userId } = command.data;
      if (plan.members.has(userId)) return [];
      if (!plan.isActive) throw new ConflictError(inactivePlanMessage(plan.name));
      return [{ type: 'SubscriptionPlanMemberAdded', data: { planId, userId, addedAt: at } }];
    }
    case 'RemoveSubscriptionPlanMember': {
      const { planId, userId } = command.data;
      if (state.status === 'none' || !state.members.has(userId)) return [];
      return [{ type: 'SubscriptionPlanMemberRemoved', data: { planId, userId, removedAt: at } }];
    }
  }
}

/** `plan-<planId>`. Bump the snapshot version whenever `evolvePlan` or `PlanState` changes. */
export const planAggregate = defineAggregate<PlanState, PlanEvent, SubscriptionPlanCommand>({
  streamOf: planStreamId,
  initialState: initialPlanState,
  evolve: evolvePlan,
  decide: decidePlan,
  snapshot: { name: 'plan', version: 1 },
});
