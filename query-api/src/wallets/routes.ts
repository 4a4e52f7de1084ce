import type { RequestHandler } from 'express';
import { walletRoutes } from '@concierge/contracts';
import { principalOf } from '@concierge/platform/auth/authorize';
import { NotFoundError } from '@concierge/platform/errors';
import { inputOf } from '@concierge/platform/http/route-table';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { transactionHistory } from './history.js';
import { adminWallet, balances, walletInfo } from './queries.js';

/** The same text as the admin user details page shows for an unknown user. */
export const WALLET_USER_NOT_FOUND_MESSAGE = 'No user found with this ID.';

/** Handlers of the routes served from the wallets and accounts read models, by route id. */
export function walletQueryHandlers(deps: { readonly readStore: ReadStore }): Record<string, RequestHandler> {
  return {
    [walletRoutes.walletInfo.id]: async (req, res) => {
      res.json(await walletInfo(deps.readStore, principalOf(req).userId));
    },
    [walletRoutes.balances.id]: async (req, res) => {
      res.json(await balances(deps.readStore, principalOf(req).userId));
    },
    [walletRoutes.transactions.id]: async (req, res) => {
      const { query } = inputOf(req, walletRoutes.transactions);
      res.json(await transactionHistory(deps.readStore, principalOf(req).userId, query));
    },
    [walletRoutes.userWallet.id]: async (req, res) => {
      const { params } = inputOf(req, walletRoutes.userWallet);
      const wallet = await adminWallet(deps.readStore, params.id);
      if (!wallet) throw new NotFoundError(WALLET_USER_NOT_FOUND_MESSAGE);
      res.json(wallet);
    },
  };
}
