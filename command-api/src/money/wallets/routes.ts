import type { SomeHandlers } from '@concierge/platform/http/handlers';
import { configureAutoWithdrawal } from '@concierge/domain/money/wallets/configure-auto-withdrawal';
import type { AggregateDeps } from '@concierge/domain/shared/aggregate-states';

export const AUTO_WITHDRAWAL_UPDATED_MESSAGE = 'Auto-withdrawal updated.';

/** PUT /wallets/auto-withdrawal: the member's own switch. */
export function walletHandlers(deps: AggregateDeps) {
  return {
    'wallets.autoWithdrawal': async ({ body, caller, context }) => ({
      message: AUTO_WITHDRAWAL_UPDATED_MESSAGE,
      position: await configureAutoWithdrawal(deps, { userId: caller.userId, enabled: body.enabled }, context),
    }),
  } satisfies SomeHandlers<'command'>;
}
