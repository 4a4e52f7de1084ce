import { randomUUID } from 'node:crypto';
import type { SubscriptionPlanCommand } from '@concierge/contracts';
import { ConflictError, NotFoundError } from '@concierge/platform/errors';
import type { EventStore } from '@concierge/platform/event-store/port';
import type { Position } from '@concierge/platform/event-store/position';
import { findUserById } from '../identity/user/find-user.js';
import { handleCommand, loadState } from '../shared/aggregate.js';
import { caseInsensitiveKey, claimInProgress, claimValue, releaseValue, type ClaimHolder } from '../shared/claims.js';
import { commandMetadata, type CommandContext } from '../shared/command-context.js';
import { planAggregate, PLAN_NOT_FOUND_MESSAGE } from './decide.js';
import { DEFAULT_PLAN_DESCRIPTION, DEFAULT_PLAN_ID, DEFAULT_PLAN_NAME, planNameStreamId, planStreamId, type Plan, type PlanFields, type PlanState } from './plan.js';

export interface PlansDeps {
  readonly eventStore: EventStore;
}

/** A plan as it stands after a command, with the position of the command's last event. */
export interface PlanAfter {
  readonly plan: Plan;
  readonly position: Position | null;
}

export const planNameTakenMessage = (name: string) => `A plan named ${name} already exists. Choose another name.`;

/** Ids this service issues are UUIDs (and the default plan's); anything else names no plan and never reaches the store. */
function planIdOf(id: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw new NotFoundError(PLAN_NOT_FOUND_MESSAGE);
  return id;
}

async function decideOnPlan(store: EventStore, command: SubscriptionPlanCommand, ctx: CommandContext) {
  return handleCommand(store, planStreamId(command.data.planId), planAggregate, command, ctx);
}

function afterCommand(state: PlanState, position: Position | null): PlanAfter {
  if (state.status === 'none') throw new NotFoundError(PLAN_NOT_FOUND_MESSAGE);
  return { plan: state, position };
}

export async function loadPlan(store: EventStore, planId: string): Promise<PlanState> {
  return (await loadState(store, planStreamId(planId), planAggregate)).state;
}

/**
 * The plan's name is claimed first, then the plan written; a claim whose plan never came (the
 * write stopped in between) is left to whoever claims the name after `CLAIM_IN_PROGRESS_MS`.
 */
async function claimName(store: EventStore, name: string, planId: string, ctx: CommandContext): Promise<string> {
  const key = caseInsensitiveKey(name);
  const holds = async (holder: ClaimHolder) => {
    const plan = await loadPlan(store, holder.ownerId);
    if (plan.status === 'none') return claimInProgress(holder, ctx.now);
    return plan.status === 'live' && caseInsensitiveKey(plan.name) === key;
  };
  await claimValue(store, planNameStreamId(key), { value: name, ownerId: planId }, { holds, refuse: (holder) => new ConflictError(planNameTakenMessage(holder.value)) }, ctx);
  return key;
}

/** POST /subscriptions */
export async function createPlan(deps: PlansDeps, fields: PlanFields, ctx: CommandContext, planId: string = randomUUID()): Promise<PlanAfter> {
  await claimName(deps.eventStore, fields.name, planId, ctx);
  const { newState, position } = await decideOnPlan(deps.eventStore, { type: 'CreateSubscriptionPlan', data: { planId, ...fields }, metadata: commandMetadata(ctx) }, ctx);
  return afterCommand(newState, position);
}

/** PUT /subscriptions/:id: a new name is claimed before the plan changes and the old one let go after. */
export async function updatePlan(deps: PlansDeps, id: string, fields: PlanFields, ctx: CommandContext): Promise<PlanAfter> {
  const planId = planIdOf(id);
  const before = await loadPlan(deps.eventStore, planId);
  if (before.status !== 'live') throw new NotFoundError(PLAN_NOT_FOUND_MESSAGE);
  const renamed = caseInsensitiveKey(before.name) !== caseInsensitiveKey(fields.name);
  if (renamed) await claimName(deps.eventStore, fields.name, planId, ctx);
  const { newState, position } = await decideOnPlan(deps.eventStore, { type: 'UpdateSubscriptionPlan', data: { planId, ...fields }, metadata: commandMetadata(ctx) }, ctx);
  if (renamed) await releaseValue(deps.eventStore, planNameStreamId(caseInsensitiveKey(before.name)), before.name, planId, ctx);
  return afterCommand(newState, position);
}

/** The plan the member's own stream says they are on (null: the default plan), from the user aggregate's cached state. */
async function memberPlanOf(store: EventStore, userId: string): Promise<string | null> {
  return (await findUserById(store, userId))?.planId ?? null;
}

/**
 * DELETE /subscriptions/:id: refused while members are on the plan. A member the plan still counts
 * but whose own stream shows another plan (a move that stopped half-way) is not one of them.
 */
export async function deletePlan(deps: PlansDeps, id: string, ctx: CommandContext): Promise<Position | null> {
  const planId = planIdOf(id);
  const before = await loadPlan(deps.eventStore, planId);
  if (before.status === 'none') throw new NotFoundError(PLAN_NOT_FOUND_MESSAGE);
  if (before.status === 'deleted') return null;
  const notMembers: string[] = [];
  for (const userId of before.members.keys()) {
    if ((await memberPlanOf(deps.eventStore, userId)) !== planId) notMembers.push(userId);
  }
  const { position } = await decideOnPlan(deps.eventStore, { type: 'DeleteSubscriptionPlan', data: { planId, notMembers }, metadata: commandMetadata(ctx) }, ctx);
  await releaseValue(deps.eventStore, planNameStreamId(caseInsensitiveKey(before.name)), before.name, planId, ctx);
  return position;
}

/**
 * The plan side of putting a member on a plan, done before the member's own stream changes: an
 * inactive or deleted plan is refused, and once joined the plan cannot be deleted from under them.
 */
export async function joinPlan(deps: PlansDeps, id: string, userId: string, ctx: CommandContext): Promise<Position | null> {
  const planId = planIdOf(id);
  return (await decideOnPlan(deps.eventStore, { type: 'AddSubscriptionPlanMember', data: { planId, userId }, metadata: commandMetadata(ctx) }, ctx)).position;
}

/** The plan side of moving a member off a plan, done after the member's own stream changed. */
export async function leavePlan(deps: PlansDeps, planId: string, userId: string, ctx: CommandContext): Promise<Position | null> {
  return (await decideOnPlan(deps.eventStore, { type: 'RemoveSubscriptionPlanMember', data: { planId, userId }, metadata: commandMetadata(ctx) }, ctx)).position;
}

/** What the first start found or made of the default plan. */
export interface DefaultPlanOutcome {
  readonly created: boolean;
  /** The fee it charges now, which an admin may have changed since it was seeded. */
  readonly feePercentage: string;
}

/** At every start: the default plan exists, seeded once with `feePercentage` (later edits are the admins'). */
export async function ensureDefaultPlan(deps: PlansDeps, feePercentage: string, ctx: CommandContext): Promise<DefaultPlanOutcome> {
  const state = await loadPlan(deps.eventStore, DEFAULT_PLAN_ID);
  if (state.status !== 'none') return { created: false, feePercentage: state.feePercentage };
  const fields = { name: DEFAULT_PLAN_NAME, feePercentage, description: DEFAULT_PLAN_DESCRIPTION, isActive: true };
  const { plan } = await createPlan(deps, fields, ctx, DEFAULT_PLAN_ID);
  return { created: true, feePercentage: plan.feePercentage };
}

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
export async function currentPlanFee(store: EventStore, planId: string | null): Promise<PlanFee> {
  if (planId !== null && planId !== DEFAULT_PLAN_ID) {
    const plan = await loadPlan(store, planId);
    if (plan.status === 'live') return { planId, feePercentage: plan.feePercentage };
  }
  const fallback = await loadPlan(store, DEFAULT_PLAN_ID);
  return fallback.status === 'live' ? { planId: DEFAULT_PLAN_ID, feePercentage: fallback.feePercentage } : { planId: null, feePercentage: '0' };
}
