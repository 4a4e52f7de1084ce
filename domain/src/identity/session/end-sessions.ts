import type { EventStore } from '@concierge/platform/event-store/port';
import type { Position } from '@concierge/platform/event-store/position';
import { handleCommand } from '../../shared/aggregate.js';
import type { CommandContext } from '../../shared/command-context.js';
import { userAggregate, type UserCommand } from '../user/decide.js';
import { userStreamId } from '../user/user.js';

type EndReason = Extract<UserCommand, { type: 'EndSessions' }>['reason'];

/**
 * Every session of the account ends, the caller's included: access tokens are refused from the
 * next request on and refresh tokens cannot be exchanged.
 */
export async function endSessions(store: EventStore, userId: string, reason: EndReason, ctx: CommandContext): Promise<Position | null> {
  const command: UserCommand = { type: 'EndSessions', reason, endedBy: userId, endedAt: ctx.now };
  return (await handleCommand(store, userStreamId(userId), userAggregate, command, ctx)).position;
}
