import type { EndSessions } from '@concierge/contracts';
import type { Position } from '@concierge/platform/event-store/position';
import type { AggregateDeps } from '../../shared/aggregate.js';
import { commandMetadata, type CommandContext } from '../../shared/command-context.js';
import { userAggregate } from '../user/decide.js';

type EndReason = EndSessions['data']['reason'];

/**
 * Every session of the user ends, the caller's included: access tokens are refused from the
 * next request on and refresh tokens cannot be exchanged. The context's actor is named as the one
 * who ended them.
 */
export async function endSessions(deps: AggregateDeps, input: { readonly userId: string; readonly reason: EndReason }, ctx: CommandContext): Promise<Position | null> {
  const command: EndSessions = { type: 'EndSessions', data: { userId: input.userId, reason: input.reason }, metadata: commandMetadata(ctx) };
  return (await userAggregate.handle(deps, input.userId, command, ctx)).position;
}
