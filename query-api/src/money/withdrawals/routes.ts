import { NotFoundError } from '@concierge/platform/errors';
import type { SomeHandlers } from '@concierge/platform/http/handlers';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { withTotalCount } from '../../shared/total-count.js';
import { adminWithdrawals, findWithdrawal, withdrawalHistory } from './queries.js';

export const WITHDRAWAL_NOT_FOUND_MESSAGE = 'Withdrawal not found.';

/** Handlers of the routes served from the withdrawals read model, by route id. */
export function withdrawalQueryHandlers(deps: { readonly readStore: ReadStore }) {
  return {
    'withdrawals.history': async ({ query, caller }) => {
      const page = await withdrawalHistory(deps.readStore, caller.userId, query.page, query.limit);
      return withTotalCount(page.withdrawals, page.total);
    },
    'withdrawals.adminList': async ({ query }) => {
      const page = await adminWithdrawals(deps.readStore, query);
      return withTotalCount(page.withdrawals, page.total);
    },
    'withdrawals.adminGet': async ({ params }) => {
      const withdrawal = await findWithdrawal(deps.readStore, params.id);
      if (!withdrawal) throw new NotFoundError(WITHDRAWAL_NOT_FOUND_MESSAGE);
      return withdrawal;
    },
  } satisfies SomeHandlers<'query'>;
}
