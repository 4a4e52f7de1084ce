import type { EventStore } from '@concierge/platform/event-store/port';
import type { SomeHandlers } from '@concierge/platform/http/handlers';
import { endSessions } from '@concierge/domain/identity/session/end-sessions';

export const SIGNED_OUT_EVERYWHERE_MESSAGE = 'You have been signed out on every device.';

/** POST /auth/logout-everywhere: every session of the caller's account ends, this one included. */
export function logoutEverywhereHandlers(deps: { readonly eventStore: EventStore }) {
  return {
    'auth.logoutEverywhere': async ({ caller, context }) => ({
      message: SIGNED_OUT_EVERYWHERE_MESSAGE,
      position: await endSessions(deps.eventStore, caller.userId, 'logout_everywhere', context),
    }),
  } satisfies SomeHandlers<'command'>;
}
