import type { EventStore } from '@concierge/platform/event-store/port';
import type { SomeHandlers } from '@concierge/platform/http/handlers';
import { configureAutoWithdrawal } from '@concierge/domain/money/wallets/wallet-commands';

export const AUTO_WITHDRAWAL_UPDATED_MESSAGE = 'Auto-withdrawal updated.';

/** PUT /wallets/auto-withdrawal: the member's own switch. */
export function walletHandlers(deps: { readonly eventStore: EventStore }) {
  return {
    'wallets.autoWithdrawal': async ({ body, caller, context }) => ({
      message: AUTO_WITHDRAWAL_UPDATED_MESSAGE,
      position: await configureAutoWithdrawal(deps.eventStore, caller.userId, body.enabled, context),
    }),
  } satisfies SomeHandlers<'command'>;
}
