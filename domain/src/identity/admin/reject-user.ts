import type { Position } from '@concierge/platform/event-store/position';
import type { AggregateDeps } from '../../shared/aggregate.js';
import { commandMetadata, type CommandContext } from '../../shared/command-context.js';
import { userAggregate } from '../user/decide.js';
import { issuedUserId } from './issued-user-id.js';

/** An admin rejects a pending member, with the reason they are told. */
export async function rejectUser(deps: AggregateDeps, input: { readonly userId: string; readonly reason: string }, ctx: CommandContext): Promise<Position | null> {
  const userId = issuedUserId(input.userId);
  const command = { type: 'RejectUser' as const, data: { userId, reason: input.reason }, metadata: commandMetadata(ctx) };
  return (await userAggregate.handle(deps, userId, command, ctx)).position;
}
