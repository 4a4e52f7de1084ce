import { snapshotsWritten } from '@concierge/domain/shared/aggregate-states';
import { snapshotSourcesFrom } from '../jobs/portfolio-snapshots/sources.js';
import { startPortfolioSnapshots } from '../jobs/portfolio-snapshots/start.js';
import { portfolioEventStore } from '../jobs/portfolio-snapshots/states.js';
import { portfolioProjection } from '../projections/portfolio/projection.js';
import type { WorkersModule } from '../workers-module.js';
import { PORTFOLIO_SNAPSHOT_QUEUE } from './queues.js';

/** Portfolio: each member's valuations, taken by the snapshot rounds and read whole from one document. */
export const portfolioWorkers: WorkersModule<'portfolio'> = {
  context: 'portfolio',
  projections: [portfolioProjection],
  queues: [PORTFOLIO_SNAPSHOT_QUEUE],
  async start({ config, logger, stores, commands, observe }) {
    const portfolio = portfolioEventStore(stores.eventStore, stores.snapshots, logger);
    const snapshots = await startPortfolioSnapshots({
      eventStore: portfolio.eventStore,
      aggregateStates: portfolio.aggregateStates,
      readStore: stores.readStore,
      snapshotSources: snapshotSourcesFrom({ config, ...commands, logger }),
      redisUrl: config.REDIS_URL,
      prefix: config.QUEUE_PREFIX,
      intervalMs: config.SNAPSHOT_INTERVAL,
      concurrency: config.SNAPSHOT_CONCURRENCY,
      lockDurationMs: config.SNAPSHOT_LOCK_MS,
      schedule: config.SNAPSHOT_SCHEDULE === 'on',
      logger,
      observe,
    });
    return { reactors: [], stop: () => snapshots.close(), flush: () => snapshotsWritten(portfolio.aggregateStates) };
  },
};
