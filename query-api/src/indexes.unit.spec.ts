import { describe, expect, it } from 'vitest';
import { QUERY_INDEXES } from './indexes.js';

describe('the read-model indexes the query API creates at start', () => {
  it('come from the contexts, each collection once, under the names the read store keeps', () => {
    expect(QUERY_INDEXES.map((entry) => entry.collection)).toEqual(['users', 'withdrawals', 'deposits', 'withdrawal_addresses', 'audit_streams', 'audit_events']);
  });
});
