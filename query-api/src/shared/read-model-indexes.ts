import type { IndexSpec } from '@concierge/platform/read-store/port';

/** The indexes one read model's queries rely on. */
export interface ReadModelIndexes {
  readonly collection: string;
  readonly indexes: readonly IndexSpec[];
}
