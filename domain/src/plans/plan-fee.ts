import type { AggregateDeps } from '../shared/aggregate.js';
import { planAggregate } from './decide.js';
import { DEFAULT_PLAN_ID } from './plan.js';

/** The plan a deposit is charged under: its id and fee percentage text. */
export interface PlanFee {
  readonly planId: string | null;
  readonly feePercentage: string;
}

/**
 * The fee of the member's plan now, read from the plan's stream on the write side (not from a read
 * model that may lag). No plan, or a plan that is gone, means the default plan; no default plan
 * yet (a store the start-up has not seeded) charges nothing.
 */
export async function currentPlanFee(deps: AggregateDeps, planId: string | null): Promise<PlanFee> {
  if (planId !== null && planId !== DEFAULT_PLAN_ID) {
    const plan = await planAggregate.load(deps, planId);
    if (plan.status === 'live') return { planId, feePercentage: plan.feePercentage };
  }
  const fallback = await planAggregate.load(deps, DEFAULT_PLAN_ID);
  return fallback.status === 'live' ? { planId: DEFAULT_PLAN_ID, feePercentage: fallback.feePercentage } : { planId: null, feePercentage: '0' };
}
