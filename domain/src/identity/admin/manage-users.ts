import type { UpdateUserRequest } from '@concierge/contracts';
import { NotFoundError, ValidationError } from '@concierge/platform/errors';
import type { EventStore } from '@concierge/platform/event-store/port';
import type { Position } from '@concierge/platform/event-store/position';
import { joinPlan, leavePlan } from '../../plans/manage-plans.js';
import { handleCommand } from '../../shared/aggregate.js';
import { commandMetadata, type CommandContext } from '../../shared/command-context.js';
import { USER_NOT_FOUND_MESSAGE, userAggregate, type UserCommand } from '../user/decide.js';
import { findUserById } from '../user/find-user.js';
import { userStreamId } from '../user/user.js';

export const PLAN_NOT_FOUND_MESSAGE = 'No subscription plan found with this ID.';

/**
 * Ids the platform issues are UUIDs (or legacy hex ids); anything else names nothing and never
 * reaches the store (PostgreSQL, for one, refuses NUL in text with an error).
 */
const isIssuedId = (id: string) => /^[A-Za-z0-9_-]{1,64}$/.test(id);

function userStreamOf(id: string): string {
  if (!isIssuedId(id)) throw new NotFoundError(USER_NOT_FOUND_MESSAGE);
  return userStreamId(id);
}

const onUser = async (store: EventStore, command: UserCommand, ctx: CommandContext): Promise<Position | null> =>
  (await handleCommand(store, userStreamOf(command.data.userId), userAggregate, command, ctx)).position;

/** An admin approves a pending member. */
export function approveUser(store: EventStore, userId: string, ctx: CommandContext): Promise<Position | null> {
  return onUser(store, { type: 'ApproveUser', data: { userId }, metadata: commandMetadata(ctx) }, ctx);
}

/** An admin rejects a pending member, with the reason they are told. */
export function rejectUser(store: EventStore, userId: string, reason: string, ctx: CommandContext): Promise<Position | null> {
  return onUser(store, { type: 'RejectUser', data: { userId, reason }, metadata: commandMetadata(ctx) }, ctx);
}

/** The plan side of an assignment: an unknown or deleted plan is a field error, an inactive one a 409 (from the plan). */
async function putOnPlan(store: EventStore, planId: string, userId: string, ctx: CommandContext): Promise<void> {
  try {
    await joinPlan({ eventStore: store }, planId, userId, ctx);
  } catch (error) {
    if (error instanceof NotFoundError) throw new ValidationError([{ field: 'subscriptionPlan', message: PLAN_NOT_FOUND_MESSAGE }]);
    throw error;
  }
}

/**
 * An admin (the context's actor, who may not change their own status or admin role) changes
 * status, role and subscription plan; only fields that change append events. A new plan learns of
 * the member before the member's stream changes (so it cannot be deleted from under them), and
 * the old plan after; a move that stops in between leaves the old plan counting a member it no
 * longer has, which deleting that plan checks against the member's stream.
 */
export async function updateUser(store: EventStore, userId: string, changes: UpdateUserRequest, ctx: CommandContext): Promise<Position | null> {
  const streamId = userStreamOf(userId);
  const plan = changes.subscriptionPlan;
  let previousPlan: string | null = null;
  if (plan !== undefined) {
    const user = await findUserById(store, userId);
    if (user === undefined) throw new NotFoundError(USER_NOT_FOUND_MESSAGE);
    previousPlan = user.planId;
    if (plan !== null && plan !== user.planId) await putOnPlan(store, plan, userId, ctx);
  }
  const data = { userId, status: changes.status, role: changes.role, subscriptionPlanId: plan };
  const { position } = await handleCommand(store, streamId, userAggregate, { type: 'UpdateUserDetails', data, metadata: commandMetadata(ctx) }, ctx);
  if (plan !== undefined && previousPlan !== null && previousPlan !== plan) await leavePlan({ eventStore: store }, previousPlan, userId, ctx);
  return position;
}
