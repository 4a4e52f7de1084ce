import type { SomeHandlers } from '@concierge/platform/http/handlers';
import { approveUser } from '@concierge/domain/identity/admin/approve-user';
import { rejectUser } from '@concierge/domain/identity/admin/reject-user';
import { updateUser } from '@concierge/domain/identity/admin/update-user';
import type { AggregateDeps } from '@concierge/domain/shared/aggregate-states';

export const USER_APPROVED_MESSAGE = 'User approved successfully';
export const USER_REJECTED_MESSAGE = 'User rejected';
export const USER_UPDATED_MESSAGE = 'User details updated successfully.';

export type AdminDeps = AggregateDeps;

/** An admin's decisions on an account: approve, reject, and status, role and plan (PUT /users/:id). */
export function adminHandlers(deps: AdminDeps) {
  return {
    'users.approve': async ({ params, context }) => ({ message: USER_APPROVED_MESSAGE, position: await approveUser(deps, { userId: params.id }, context) }),
    'users.reject': async ({ params, body, context }) => ({
      message: USER_REJECTED_MESSAGE,
      position: await rejectUser(deps, { userId: params.id, reason: body.reason }, context),
    }),
    'users.update': async ({ params, body, context }) => ({ message: USER_UPDATED_MESSAGE, position: await updateUser(deps, { userId: params.id, changes: body }, context) }),
  } satisfies SomeHandlers<'command'>;
}
