import type { SomeHandlers } from '@concierge/platform/http/handlers';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { depositQueryHandlers } from './deposits/routes.js';
import { walletQueryHandlers } from './wallets/routes.js';
import { withdrawalAddressQueryHandlers } from './withdrawal-addresses/routes.js';
import { withdrawalQueryHandlers } from './withdrawals/routes.js';

/** The money context's query routes: wallets and balances, withdrawal addresses, withdrawals and deposits. */
export function moneyHandlers(deps: { readonly readStore: ReadStore }) {
  return {
    ...walletQueryHandlers(deps),
    ...withdrawalAddressQueryHandlers(deps),
    ...withdrawalQueryHandlers(deps),
    ...depositQueryHandlers(deps),
  } satisfies SomeHandlers<'query'>;
}
