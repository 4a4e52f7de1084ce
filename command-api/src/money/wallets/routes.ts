import type { RequestHandler } from 'express';
import { walletRoutes, type CommandMetadata, type WalletCommand } from '@concierge/contracts';
import { principalOf } from '@concierge/platform/auth/authorize';
import type { EventStore } from '@concierge/platform/event-store/port';
import { formatPosition, type Position } from '@concierge/platform/event-store/position';
import { inputOf } from '@concierge/platform/http/route-table';
import { callerContext } from '../../identity/request-context.js';
import { handleCommand } from '@concierge/domain/shared/aggregate';
import type { CommandContext } from '@concierge/domain/shared/command-context';
import { walletAggregate } from '@concierge/domain/money/wallets/decide';
import { walletStreamId } from '@concierge/domain/money/wallets/wallet';

export const AUTO_WITHDRAWAL_UPDATED_MESSAGE = 'Auto-withdrawal updated.';

export interface WalletDeps {
  readonly eventStore: EventStore;
  readonly now: () => Date;
}

export const wire = (position: Position | null) => (position ? formatPosition(position) : null);

export const metadataOf = (ctx: CommandContext): CommandMetadata => ({
  actor: ctx.actor,
  now: ctx.now.toISOString(),
  correlationId: ctx.correlationId,
  commandId: ctx.causationId,
});

export const onWallet = (deps: WalletDeps, command: WalletCommand, ctx: CommandContext) =>
  handleCommand(deps.eventStore, walletStreamId(command.data.userId), walletAggregate, command, ctx);

/** PUT /wallets/auto-withdrawal: the member's own switch; the same setting again appends nothing. */
export function autoWithdrawalHandler(deps: WalletDeps): RequestHandler {
  return async (req, res) => {
    const { body } = inputOf(req, walletRoutes.autoWithdrawal);
    const ctx = callerContext(req, res, deps.now);
    const data = { userId: principalOf(req).userId, enabled: body.enabled };
    const { position } = await onWallet(deps, { type: 'ConfigureAutoWithdrawal', data, metadata: metadataOf(ctx) }, ctx);
    res.json({ message: AUTO_WITHDRAWAL_UPDATED_MESSAGE, position: wire(position) });
  };
}
