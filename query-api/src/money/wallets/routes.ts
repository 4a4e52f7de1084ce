import { NotFoundError } from '@concierge/platform/errors';
import type { SomeHandlers } from '@concierge/platform/http/handlers';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { transactionHistory } from './history.js';
import { adminWallet, balances, walletInfo } from './queries.js';

/** The same text as the admin user details page shows for an unknown user. */
export const WALLET_USER_NOT_FOUND_MESSAGE = 'No user found with this ID.';

/** Handlers of the routes served from the wallets and accounts read models, by route id. */
export function walletQueryHandlers(deps: { readonly readStore: ReadStore }) {
  return {
    'wallets.info': async ({ caller }) => walletInfo(deps.readStore, caller.userId),
    'wallets.balances': async ({ caller }) => balances(deps.readStore, caller.userId),
    'wallets.transactions': async ({ query, caller }) => transactionHistory(deps.readStore, caller.userId, query),
    'wallets.userWallet': async ({ params }) => {
      const wallet = await adminWallet(deps.readStore, params.id);
      if (!wallet) throw new NotFoundError(WALLET_USER_NOT_FOUND_MESSAGE);
      return wallet;
    },
  } satisfies SomeHandlers<'query'>;
}
