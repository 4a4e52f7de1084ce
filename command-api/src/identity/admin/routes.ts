import type { RequestHandler } from 'express';
import { streamName, userRoutes } from '@concierge/contracts';
import { NotFoundError, ValidationError } from '@concierge/platform/errors';
import type { EventStore } from '@concierge/platform/event-store/port';
import { formatPosition, type Position } from '@concierge/platform/event-store/position';
import { inputOf } from '@concierge/platform/http/route-table';
import { principalOf } from '@concierge/platform/auth/authorize';
import { handleCommand } from '@concierge/domain/shared/aggregate';
import { callerContext } from '../request-context.js';
import { USER_NOT_FOUND_MESSAGE, userAggregate, type UserCommand } from '@concierge/domain/identity/user/decide';
import { findUserById } from '@concierge/domain/identity/user/find-user';
import { userStreamId } from '@concierge/domain/identity/user/user';

export const USER_APPROVED_MESSAGE = 'User approved successfully';
export const USER_REJECTED_MESSAGE = 'User rejected';
export const USER_UPDATED_MESSAGE = 'User details updated successfully.';
export const PLAN_NOT_FOUND_MESSAGE = 'No subscription plan found with this ID.';

export interface AdminDeps {
  readonly eventStore: EventStore;
  readonly now: () => Date;
}

const wire = (position: Position | null) => (position ? formatPosition(position) : null);

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

/** POST /users/:id/approve */
export function approveUserHandler(deps: AdminDeps): RequestHandler {
  return async (req, res) => {
    const { params } = inputOf(req, userRoutes.approveUser);
    const ctx = callerContext(req, res, deps.now);
    const command: UserCommand = { type: 'ApproveUser', approvedAt: ctx.now };
    const { position } = await handleCommand(deps.eventStore, userStreamOf(params.id), userAggregate, command, ctx);
    res.json({ message: USER_APPROVED_MESSAGE, position: wire(position) });
  };
}

/** POST /users/:id/reject */
export function rejectUserHandler(deps: AdminDeps): RequestHandler {
  return async (req, res) => {
    const { params, body } = inputOf(req, userRoutes.rejectUser);
    const ctx = callerContext(req, res, deps.now);
    const command: UserCommand = { type: 'RejectUser', reason: body.reason, rejectedAt: ctx.now };
    const { position } = await handleCommand(deps.eventStore, userStreamOf(params.id), userAggregate, command, ctx);
    res.json({ message: USER_REJECTED_MESSAGE, position: wire(position) });
  };
}

/** PUT /users/:id: status, role and subscription plan; only fields that change append events. */
export function updateUserHandler(deps: AdminDeps): RequestHandler {
  return async (req, res) => {
    const { params, body } = inputOf(req, userRoutes.updateUser);
    const ctx = callerContext(req, res, deps.now);
    const streamId = userStreamOf(params.id);
    const plan = body.subscriptionPlan;
    if (typeof plan === 'string') {
      const user = await findUserById(deps.eventStore, params.id);
      if (user && user.planId !== plan && !(await planExists(deps.eventStore, plan))) {
        throw new ValidationError([{ field: 'subscriptionPlan', message: PLAN_NOT_FOUND_MESSAGE }]);
      }
    }
    const command: UserCommand = {
      type: 'UpdateUserDetails',
      status: body.status,
      role: body.role,
      subscriptionPlanId: plan,
      changedBy: principalOf(req).userId,
      changedAt: ctx.now,
    };
    const { position } = await handleCommand(deps.eventStore, streamId, userAggregate, command, ctx);
    res.json({ message: USER_UPDATED_MESSAGE, position: wire(position) });
  };
}
