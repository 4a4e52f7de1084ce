import { streamName, SubscriptionPlanCreated, SubscriptionPlanUpdated } from '@concierge/contracts';
import type { EventStore } from '@concierge/platform/event-store/port';

/** The plan a deposit is charged under: its id and fee percentage text ('0' and null when none applies). */
export interface PlanFee {
  readonly planId: string | null;
  readonly feePercentage: string;
}

export const NO_PLAN_FEE: PlanFee = { planId: null, feePercentage: '0' };

/**
 * The fee of the member's current plan, read from `plan-<planId>` on the write side so a deposit
 * is charged what the plan says at this moment, not what a lagging read model says. A plan that
 * does not exist (any more) charges nothing.
 */
export async function currentPlanFee(store: EventStore, planId: string | null): Promise<PlanFee> {
  if (planId === null) return NO_PLAN_FEE;
  const events = await store.readStream(streamName('plan', planId));
  let fee: PlanFee = NO_PLAN_FEE;
  for (const event of events) {
    if (event.type === 'SubscriptionPlanCreated') fee = { planId, feePercentage: SubscriptionPlanCreated.parse(event.data).feePercentage };
    else if (event.type === 'SubscriptionPlanUpdated') fee = { planId, feePercentage: SubscriptionPlanUpdated.parse(event.data).feePercentage };
    else if (event.type === 'SubscriptionPlanDeleted') fee = NO_PLAN_FEE;
  }
  return fee;
}
