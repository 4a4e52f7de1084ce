import type { EventStore } from '@concierge/platform/event-store/port';
import type { SomeHandlers } from '@concierge/platform/http/handlers';
import { approveUser, rejectUser, updateUser } from '@concierge/domain/identity/admin/manage-users';

export const USER_APPROVED_MESSAGE = 'User approved successfully';
export const USER_REJECTED_MESSAGE = 'User rejected';
export const USER_UPDATED_MESSAGE = 'User details updated successfully.';

export interface AdminDeps {
  readonly eventStore: EventStore;
}

/** An admin's decisions on an account: approve, reject, and status, role and plan (PUT /users/:id). */
export function adminHandlers(deps: AdminDeps) {
  return {
    'users.approve': async ({ params, context }) => ({ message: USER_APPROVED_MESSAGE, position: await approveUser(deps.eventStore, params.id, context) }),
    'users.reject': async ({ params, body, context }) => ({
      message: USER_REJECTED_MESSAGE,
      position: await rejectUser(deps.eventStore, params.id, body.reason, context),
    }),
    'users.update': async ({ params, body, context }) => ({ message: USER_UPDATED_MESSAGE, position: await updateUser(deps.eventStore, params.id, body, context) }),
  } satisfies SomeHandlers<'command'>;
}
