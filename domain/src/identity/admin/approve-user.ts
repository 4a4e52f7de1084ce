import type { Position } from '@concierge/platform/event-store/position';
import type { AggregateDeps } from '../../shared/aggregate.js';
import { commandMetadata, type CommandContext } from '../../shared/command-context.js';
import { userAggregate } from '../user/decide.js';
import { issuedUserId } from './issued-user-id.js';

/** An admin approves a pending member. */
export async function approveUser(deps: AggregateDeps, input: { readonly userId: string }, ctx: CommandContext): Promise<Position | null> {
  const userId = issuedUserId(input.userId);
  return (await userAggregate.handle(deps, userId, { type: 'ApproveUser', data: { userId }, metadata: commandMetadata(ctx) }, ctx)).position;
}
