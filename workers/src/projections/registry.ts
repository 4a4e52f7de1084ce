import type { Projection } from './runtime/projection.js';
import { usersProjection } from './users/projection.js';

/** Every read model the workers maintain. */
export const projections: readonly Projection[] = [usersProjection];

export function findProjection(name: string): Projection | undefined {
  return projections.find((p) => p.name === name);
}
