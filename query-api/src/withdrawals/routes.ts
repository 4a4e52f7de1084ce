import type { RequestHandler } from 'express';
import { withdrawalRoutes } from '@concierge/contracts';
import { principalOf } from '@concierge/platform/auth/authorize';
import { NotFoundError } from '@concierge/platform/errors';
import { inputOf } from '@concierge/platform/http/route-table';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { setTotalCount } from '../shared/total-count.js';
import { adminWithdrawals, findWithdrawal, withdrawalHistory } from './queries.js';

export const WITHDRAWAL_NOT_FOUND_MESSAGE = 'Withdrawal not found.';

/** Handlers of the routes served from the withdrawals read model, by route id. */
export function withdrawalQueryHandlers(deps: { readonly readStore: ReadStore }): Record<string, RequestHandler> {
  return {
    [withdrawalRoutes.history.id]: async (req, res) => {
      const { query } = inputOf(req, withdrawalRoutes.history);
      const page = await withdrawalHistory(deps.readStore, principalOf(req).userId, query.page, query.limit);
      setTotalCount(res, page.total);
      res.json(page.withdrawals);
    },
    [withdrawalRoutes.adminRequests.id]: async (req, res) => {
      const { query } = inputOf(req, withdrawalRoutes.adminRequests);
      const page = await adminWithdrawals(deps.readStore, query);
      setTotalCount(res, page.total);
      res.json(page.withdrawals);
    },
    [withdrawalRoutes.adminRequest.id]: async (req, res) => {
      const { params } = inputOf(req, withdrawalRoutes.adminRequest);
      const withdrawal = await findWithdrawal(deps.readStore, params.id);
      if (!withdrawal) throw new NotFoundError(WITHDRAWAL_NOT_FOUND_MESSAGE);
      res.json(withdrawal);
    },
  };
}
