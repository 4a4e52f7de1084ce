import type { RequestHandler } from 'express';
import { principalOf } from '@concierge/platform/auth/authorize';
import { formatPosition } from '@concierge/platform/event-store/position';
import { endSessions } from '@concierge/domain/identity/session/end-sessions';
import type { AggregateDeps } from '@concierge/domain/shared/aggregate-states';
import { callerContext } from '../request-context.js';

export const SIGNED_OUT_EVERYWHERE_MESSAGE = 'You have been signed out on every device.';

/** POST /auth/logout-everywhere: every session of the caller's account ends, this one included. */
export function logoutEverywhereHandler(deps: AggregateDeps & { readonly now: () => Date }): RequestHandler {
  return async (req, res) => {
    const position = await endSessions(deps, { userId: principalOf(req).userId, reason: 'logout_everywhere' }, callerContext(req, res, deps.now));
    res.json({ message: SIGNED_OUT_EVERYWHERE_MESSAGE, position: position ? formatPosition(position) : null });
  };
}
