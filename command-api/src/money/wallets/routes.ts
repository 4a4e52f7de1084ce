import type { RequestHandler } from 'express';
import { walletRoutes } from '@concierge/contracts';
import { principalOf } from '@concierge/platform/auth/authorize';
import { formatPosition, type Position } from '@concierge/platform/event-store/position';
import { inputOf } from '@concierge/platform/http/route-table';
import { configureAutoWithdrawal } from '@concierge/domain/money/wallets/configure-auto-withdrawal';
import type { AggregateDeps } from '@concierge/domain/shared/aggregate-states';
import { callerContext } from '../../identity/request-context.js';

export const AUTO_WITHDRAWAL_UPDATED_MESSAGE = 'Auto-withdrawal updated.';

export interface WalletDeps extends AggregateDeps {
  readonly now: () => Date;
}

export const wire = (position: Position | null) => (position ? formatPosition(position) : null);

/** PUT /wallets/auto-withdrawal: the member's own switch. */
export function autoWithdrawalHandler(deps: WalletDeps): RequestHandler {
  return async (req, res) => {
    const { body } = inputOf(req, walletRoutes.autoWithdrawal);
    const position = await configureAutoWithdrawal(deps, { userId: principalOf(req).userId, enabled: body.enabled }, callerContext(req, res, deps.now));
    res.json({ message: AUTO_WITHDRAWAL_UPDATED_MESSAGE, position: wire(position) });
  };
}
