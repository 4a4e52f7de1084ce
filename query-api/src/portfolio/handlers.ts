import type { Logger } from 'pino';
import { reply, type SomeHandlers } from '@concierge/platform/http/handlers';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { performanceResponse, readAnswer, readPortfolio } from './queries.js';
import { portfolioRefresher, type SnapshotQueue } from './refresh.js';

export interface PortfolioQueryDeps {
  readonly readStore: ReadStore;
  readonly logger: Logger;
  /** The portfolio-snapshots queue; without it `refresh=true` answers the figures as they are. */
  readonly snapshotQueue?: SnapshotQueue | undefined;
  /** Longest wait for a refresh's valuation to land before answering the last figures (`refreshing`). */
  readonly refreshWaitMs?: number | undefined;
}

/** Handlers of the routes served from the portfolio read model, by route id. */
export function portfolioHandlers(deps: PortfolioQueryDeps) {
  const refresh = deps.snapshotQueue
    ? portfolioRefresher({ readStore: deps.readStore, queue: deps.snapshotQueue, waitMs: deps.refreshWaitMs ?? 5000, logger: deps.logger })
    : undefined;
  return {
    'portfolio.performance': async ({ query, caller }) => {
      if (query.refresh && refresh) {
        // A queue that cannot be reached answers 503 at once: no valuation is coming.
        const { doc, refreshing } = await refresh(caller.userId);
        return performanceResponse(doc, refreshing);
      }
      // The text the projection wrote with the document: nothing to parse, rebuild or serialise here.
      const answer = await readAnswer(deps.readStore, caller.userId);
      if (answer) return reply.jsonText(answer.json);
      return performanceResponse(await readPortfolio(deps.readStore, caller.userId), false);
    },
  } satisfies SomeHandlers<'query'>;
}
