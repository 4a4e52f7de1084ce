import type { RequestHandler } from 'express';
import { userRoutes } from '@concierge/contracts';
import { formatPosition, type Position } from '@concierge/platform/event-store/position';
import { inputOf } from '@concierge/platform/http/route-table';
import { approveUser } from '@concierge/domain/identity/admin/approve-user';
import { rejectUser } from '@concierge/domain/identity/admin/reject-user';
import { updateUser } from '@concierge/domain/identity/admin/update-user';
import type { AggregateDeps } from '@concierge/domain/shared/aggregate-states';
import { callerContext } from '../request-context.js';

export const USER_APPROVED_MESSAGE = 'User approved successfully';
export const USER_REJECTED_MESSAGE = 'User rejected';
export const USER_UPDATED_MESSAGE = 'User details updated successfully.';

export interface AdminDeps extends AggregateDeps {
  readonly now: () => Date;
}

const wire = (position: Position | null) => (position ? formatPosition(position) : null);

/** POST /users/:id/approve */
export function approveUserHandler(deps: AdminDeps): RequestHandler {
  return async (req, res) => {
    const { params } = inputOf(req, userRoutes.approveUser);
    const position = await approveUser(deps, { userId: params.id }, callerContext(req, res, deps.now));
    res.json({ message: USER_APPROVED_MESSAGE, position: wire(position) });
  };
}

/** POST /users/:id/reject */
export function rejectUserHandler(deps: AdminDeps): RequestHandler {
  return async (req, res) => {
    const { params, body } = inputOf(req, userRoutes.rejectUser);
    const position = await rejectUser(deps, { userId: params.id, reason: body.reason }, callerContext(req, res, deps.now));
    res.json({ message: USER_REJECTED_MESSAGE, position: wire(position) });
  };
}

/** PUT /users/:id: status, role and subscription plan. */
export function updateUserHandler(deps: AdminDeps): RequestHandler {
  return async (req, res) => {
    const { params, body } = inputOf(req, userRoutes.updateUser);
    const position = await updateUser(deps, { userId: params.id, changes: body }, callerContext(req, res, deps.now));
    res.json({ message: USER_UPDATED_MESSAGE, position: wire(position) });
  };
}
