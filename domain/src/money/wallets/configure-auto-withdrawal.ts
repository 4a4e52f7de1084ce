import type { Position } from '@concierge/platform/event-store/position';
import type { AggregateDeps } from '../../shared/aggregate.js';
import { commandMetadata, type CommandContext } from '../../shared/command-context.js';
import { walletAggregate } from './decide.js';

/** The member's own auto-withdrawal switch; the same setting again appends nothing. */
export async function configureAutoWithdrawal(
  deps: AggregateDeps,
  input: { readonly userId: string; readonly enabled: boolean },
  ctx: CommandContext,
): Promise<Position | null> {
  const command = { type: 'ConfigureAutoWithdrawal' as const, data: { userId: input.userId, enabled: input.enabled }, metadata: commandMetadata(ctx) };
  return (await walletAggregate.handle(deps, input.userId, command, ctx)).position;
}
