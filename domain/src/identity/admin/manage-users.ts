import { streamName, type UpdateUserRequest } from '@concierge/contracts';
import { NotFoundError, ValidationError } from '@concierge/platform/errors';
import type { EventStore } from '@concierge/platform/event-store/port';
import type { Position } from '@concierge/platform/event-store/position';
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

/** A plan can be assigned while its stream exists and it has not been deleted. */
async function planExists(store: EventStore, planId: string): Promise<boolean> {
  if (!isIssuedId(planId)) return false;
  const [last] = await store.readStream(streamName('plan', planId), { direction: 'backwards', maxCount: 1 });
  return last !== undefined && last.type !== 'SubscriptionPlanDeleted';
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

/**
 * An admin (the context's actor, who may not change their own status or admin role) changes
 * status, role and subscription plan; only fields that change append events.
 */
export async function updateUser(store: EventStore, userId: string, changes: UpdateUserRequest, ctx: CommandContext): Promise<Position | null> {
  const streamId = userStreamOf(userId);
  const plan = changes.subscriptionPlan;
  if (typeof plan === 'string') {
    const user = await findUserById(store, userId);
    if (user && user.planId !== plan && !(await planExists(store, plan))) {
      throw new ValidationError([{ field: 'subscriptionPlan', message: PLAN_NOT_FOUND_MESSAGE }]);
    }
  }
  const data = { userId, status: changes.status, role: changes.role, subscriptionPlanId: plan };
  return (await handleCommand(store, streamId, userAggregate, { type: 'UpdateUserDetails', data, metadata: commandMetadata(ctx) }, ctx)).position;
}
