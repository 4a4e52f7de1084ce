import type { IndexSpec } from '@concierge/platform/read-store/port';
import { PRIMARY_THEN_OLDEST } from './queries.js';

/** A member's addresses come straight from index order. */
export const WITHDRAWAL_ADDRESS_INDEXES: readonly IndexSpec[] = [{ kind: 'sorted', equals: ['userId'], sort: PRIMARY_THEN_OLDEST }];
