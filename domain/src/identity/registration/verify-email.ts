import type { EventStore } from '@concierge/platform/event-store/port';
import type { Position } from '@concierge/platform/event-store/position';
import { handleCommand } from '../../shared/aggregate.js';
import { commandMetadata, type CommandContext } from '../../shared/command-context.js';
import { hashToken } from '../session/refresh-token.js';
import { userAggregate } from '../user/decide.js';
import { userStreamId } from '../user/user.js';

export interface VerifyEmailDeps {
  readonly eventStore: EventStore;
}

/**
 * Confirms an email with the token of its link, `<userId>.<secret>`: the id finds the account,
 * the secret (compared as a hash with the newest link mailed) proves the mail was read.
 */
export async function verifyEmail(deps: VerifyEmailDeps, token: string, ctx: CommandContext): Promise<Position | null> {
  const dot = token.indexOf('.');
  const userId = token.slice(0, dot);
  const tokenHash = hashToken(token.slice(dot + 1));
  const command = { type: 'VerifyEmail' as const, data: { userId, tokenHash }, metadata: commandMetadata(ctx) };
  const { position } = await handleCommand(deps.eventStore, userStreamId(userId), userAggregate, command, ctx);
  return position;
}
