import type { IndexSpec } from '@concierge/platform/read-store/port';
import { USER_SEARCH_FIELDS } from './queries.js';

const NEWEST_FIRST = [{ field: 'createdAt', direction: 'desc' }] as const;

/**
 * What keeps the admin user list fast with many users. Measured with 10,000 users and 8 requests
 * in flight (system-tests/src/bench/users-list.ts): without them PostgreSQL sorted or searched every user
 * on each request (10 to 35 ms of database time) and GET /api/users reached p99 75 to 290 ms;
 * with them a page costs 0.3 to 0.9 ms of database time, mostly the exact count, a search too
 * short for trigrams (two letters) included: it reads every user's lowercased name and email from
 * one B-tree (docs/performance/users-and-bundle.md).
 */
export const USER_INDEXES: readonly IndexSpec[] = [
  // All users, newest first: the first page reads 10 index entries instead of sorting every user.
  { kind: 'sorted', sort: NEWEST_FIRST },
  // One status, newest first: the status filter of the list.
  { kind: 'sorted', equals: ['status'], sort: NEWEST_FIRST },
  // "Search by name or email": substring matches without reading every document (trigrams), and
  // each field's lowercased copy as a column, also in a B-tree, for the searches no trigram narrows.
  // Names are at most 100 characters each and an email 254 (contracts/src/users/fields.ts).
  { kind: 'search', fields: USER_SEARCH_FIELDS, shortValues: true },
];
