import { WORKERS_MODULES } from '../modules.js';
import type { Projection } from './runtime/projection.js';

/** Every read model the workers maintain: each context's projections (`<context>/module.ts`), context by context. */
export const projections: readonly Projection[] = WORKERS_MODULES.flatMap((module) => module.projections);

export function findProjection(name: string): Projection | undefined {
  return projections.find((p) => p.name === name);
}
