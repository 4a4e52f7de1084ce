import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { portfolioRoutes } from '@concierge/contracts';
import { principalOf } from '@concierge/platform/auth/authorize';
import { inputOf } from '@concierge/platform/http/route-table';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { performanceResponse, readAnswer, readPortfolio } from './queries.js';
import { portfolioRefresher, type SnapshotQueue } from './refresh.js';

export interface PortfolioQueryDeps {
  readonly readStore: ReadStore;
  readonly logger: Logger;
  /** The portfolio-snapshots queue; without it `refresh=true` answers the figures as they are. */
  readonly snapshotQueue?: SnapshotQueue;
  /** Longest wait for a refresh's valuation to land before answering the last figures (`refreshing`). */
  readonly refreshWaitMs?: number;
}

/** Handlers of the routes served from the portfolio read model, by route id. */
export function portfolioQueryHandlers(deps: PortfolioQueryDeps): Record<string, RequestHandler> {
  const refresh = deps.snapshotQueue
    ? portfolioRefresher({ readStore: deps.readStore, queue: deps.snapshotQueue, waitMs: deps.refreshWaitMs ?? 5000, logger: deps.logger })
    : undefined;
  return {
    [portfolioRoutes.performance.id]: async (req, res) => {
      const { query } = inputOf(req, portfolioRoutes.performance);
      const userId = principalOf(req).userId;
      if (query.refresh && refresh) {
        // A queue that cannot be reached answers 503 at once: no valuation is coming.
        const { doc, refreshing } = await refresh(userId);
        res.json(performanceResponse(doc, refreshing));
        return;
      }
      // The text the projection wrote with the document: nothing to parse, rebuild or serialise here.
      const answer = await readAnswer(deps.readStore, userId);
      if (answer) {
        res.type('json').send(answer.json);
        return;
      }
      res.json(performanceResponse(await readPortfolio(deps.readStore, userId), false));
    },
  };
}
