import type { SomeHandlers } from '@concierge/platform/http/handlers';
import { endSessions } from '@concierge/domain/identity/session/end-sessions';
import type { AggregateDeps } from '@concierge/domain/shared/aggregate-states';

export const SIGNED_OUT_EVERYWHERE_MESSAGE = 'You have been signed out on every device.';

/** POST /auth/logout-everywhere: every session of the caller's account ends, this one included. */
export function logoutEverywhereHandlers(deps: AggregateDeps) {
  return {
    'auth.logoutEverywhere': async ({ caller, context }) => ({
      message: SIGNED_OUT_EVERYWHERE_MESSAGE,
      position: await endSessions(deps, { userId: caller.userId, reason: 'logout_everywhere' }, context),
    }),
  } satisfies SomeHandlers<'command'>;
}
