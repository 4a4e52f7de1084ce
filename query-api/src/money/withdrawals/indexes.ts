import { WITHDRAWAL_SEARCH_FIELDS } from '@concierge/contracts';
import type { IndexSpec } from '@concierge/platform/read-store/port';
import { NEWEST_FIRST } from './queries.js';

/** What keeps the admin withdrawal list, its filters and search, and each member's history fast. */
export const WITHDRAWAL_INDEXES: readonly IndexSpec[] = [
  { kind: 'sorted', sort: NEWEST_FIRST },
  { kind: 'sorted', equals: ['status'], sort: NEWEST_FIRST },
  { kind: 'sorted', equals: ['userId'], sort: NEWEST_FIRST },
  { kind: 'search', fields: WITHDRAWAL_SEARCH_FIELDS },
];
