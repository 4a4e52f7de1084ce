import { ConflictError } from '@concierge/platform/errors';
import type { AggregateDeps } from '../shared/aggregate.js';
import { caseInsensitiveKey, claimInProgress, claimValue, releaseValue, type ClaimHolder } from '../shared/claims.js';
import type { CommandContext } from '../shared/command-context.js';
import { planAggregate } from './decide.js';
import { planNameStreamId } from './plan.js';

export const planNameTakenMessage = (name: string) => `A plan named ${name} already exists. Choose another name.`;

/** A plan's name, which one plan holds at a time (ignoring case). */
export interface PlanName {
  readonly name: string;
  readonly planId: string;
}

/** Whether two names are the same name ignoring case, so one claim covers both. */
export const sameName = (a: string, b: string): boolean => caseInsensitiveKey(a) === caseInsensitiveKey(b);

/**
 * Claims the name for the plan. A claim whose plan never came (the write stopped after claiming)
 * is left to whoever claims the name after `CLAIM_IN_PROGRESS_MS`.
 */
export async function claimPlanName(deps: AggregateDeps, claim: PlanName, ctx: CommandContext): Promise<void> {
  const key = caseInsensitiveKey(claim.name);
  const holds = async (holder: ClaimHolder) => {
    const plan = await planAggregate.load(deps, holder.ownerId);
    if (plan.status === 'none') return claimInProgress(holder, ctx.now);
    return plan.status === 'live' && caseInsensitiveKey(plan.name) === key;
  };
  const refuse = (holder: ClaimHolder) => new ConflictError(planNameTakenMessage(holder.value));
  await claimValue(deps, { streamId: planNameStreamId(key), value: claim.name, ownerId: claim.planId }, { holds, refuse }, ctx);
}

/** Lets the plan's name go, for any plan to take. */
export async function releasePlanName(deps: AggregateDeps, claim: PlanName, ctx: CommandContext): Promise<void> {
  await releaseValue(deps, { streamId: planNameStreamId(caseInsensitiveKey(claim.name)), value: claim.name, ownerId: claim.planId }, ctx);
}
