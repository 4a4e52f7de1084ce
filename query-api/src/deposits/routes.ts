import type { RequestHandler } from 'express';
import { depositRoutes } from '@concierge/contracts';
import { inputOf } from '@concierge/platform/http/route-table';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { setTotalCount } from '../shared/total-count.js';
import { listDeposits, memberDeposits } from './queries.js';

/** Handlers of the routes served from the deposits read model, by route id. */
export function depositQueryHandlers(deps: { readonly readStore: ReadStore }): Record<string, RequestHandler> {
  return {
    // The route table's ownParam guard has already refused a member asking for someone else's id.
    [depositRoutes.userDeposits.id]: async (req, res) => {
      const { params } = inputOf(req, depositRoutes.userDeposits);
      res.json(await memberDeposits(deps.readStore, params.id));
    },
    [depositRoutes.allDeposits.id]: async (req, res) => {
      const { query } = inputOf(req, depositRoutes.allDeposits);
      const page = await listDeposits(deps.readStore, query);
      setTotalCount(res, page.total);
      res.json(page.deposits);
    },
  };
}
