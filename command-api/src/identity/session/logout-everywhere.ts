import type { RequestHandler } from 'express';
import { principalOf } from '@concierge/platform/auth/authorize';
import type { EventStore } from '@concierge/platform/event-store/port';
import { formatPosition } from '@concierge/platform/event-store/position';
import { handleCommand } from '@concierge/domain/shared/aggregate';
import { callerContext } from '../request-context.js';
import { userAggregate } from '@concierge/domain/identity/user/decide';
import { userStreamId } from '@concierge/domain/identity/user/user';

export const SIGNED_OUT_EVERYWHERE_MESSAGE = 'You have been signed out on every device.';

/**
 * POST /auth/logout-everywhere: every session of the caller's account ends, this one included;
 * access tokens are refused from the next request on and refresh tokens cannot be exchanged.
 */
export function logoutEverywhereHandler(deps: { readonly eventStore: EventStore; readonly now: () => Date }): RequestHandler {
  return async (req, res) => {
    const { userId } = principalOf(req);
    const ctx = callerContext(req, res, deps.now);
    const command = { type: 'EndSessions', reason: 'logout_everywhere', endedBy: userId, endedAt: ctx.now } as const;
    const { position } = await handleCommand(deps.eventStore, userStreamId(userId), userAggregate, command, ctx);
    res.json({ message: SIGNED_OUT_EVERYWHERE_MESSAGE, position: position ? formatPosition(position) : null });
  };
}
