import type { EndSessions } from '@concierge/contracts';
import type { EventStore } from '@concierge/platform/event-store/port';
import type { Position } from '@concierge/platform/event-store/position';
import { handleCommand } from '../../shared/aggregate.js';
import { commandMetadata, type CommandContext } from '../../shared/command-context.js';
import { userAggregate } from '../user/decide.js';
import { userStreamId } from '../user/user.js';

type EndReason = EndSessions['data']['reason'];

/**
 * Every session of the user ends, the caller's included: access tokens are refused from the
 * next request on and refresh tokens cannot be exchanged. The context's actor is named as the one
 * who ended them.
 */
export async function endSessions(store: EventStore, userId: string, reason: EndReason, ctx: CommandContext): Promise<Position | null> {
  const command: EndSessions = { type: 'EndSessions', data: { userId, reason }, metadata: commandMetadata(ctx) };
  return (await handleCommand(store, userStreamId(userId), userAggregate, command, ctx)).position;
}
