import { plansProjection } from '../projections/plans/projection.js';
import { projectsOnly, type WorkersModule } from '../workers-module.js';

/** Plans: the catalogue read model (`subscriptions` in stored names). */
export const plansWorkers: WorkersModule<'plans'> = {
  context: 'plans',
  projections: [plansProjection],
  queues: [],
  start: projectsOnly,
};
