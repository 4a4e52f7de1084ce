import { strategiesProjection } from '../projections/strategies/projection.js';
import { projectsOnly, type WorkersModule } from '../workers-module.js';

/** Strategies: the risk-weighted token lists. */
export const strategiesWorkers: WorkersModule<'strategies'> = {
  context: 'strategies',
  projections: [strategiesProjection],
  queues: [],
  start: projectsOnly,
};
