import type { IndexSpec } from '@concierge/platform/read-store/port';
import { DEPOSITS_NEWEST_FIRST } from './queries.js';

/** The admin deposit history (all, or one member's) and a member's own list read index order, not a sort of every deposit. */
export const DEPOSIT_INDEXES: readonly IndexSpec[] = [
  { kind: 'sorted', sort: DEPOSITS_NEWEST_FIRST },
  { kind: 'sorted', equals: ['userId'], sort: DEPOSITS_NEWEST_FIRST },
];
