import type { SomeHandlers } from '@concierge/platform/http/handlers';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { withTotalCount } from '../../shared/total-count.js';
import { listDeposits, memberDeposits } from './queries.js';

/** Handlers of the routes served from the deposits read model, by route id. */
export function depositQueryHandlers(deps: { readonly readStore: ReadStore }) {
  return {
    // The route table's ownParam guard has already refused a member asking for someone else's id.
    'deposits.byUser': async ({ params }) => memberDeposits(deps.readStore, params.id),
    'deposits.list': async ({ query }) => {
      const page = await listDeposits(deps.readStore, query);
      return withTotalCount(page.deposits, page.total);
    },
  } satisfies SomeHandlers<'query'>;
}
