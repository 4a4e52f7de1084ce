import { describe, expect, it } from 'vitest';
import { fieldDifferences, MISSING } from './compare.js';

describe('comparing a live read-model document with its rebuilt twin', () => {
  it('finds nothing between equal documents whatever their key order', () => {
    expect(fieldDifferences({ id: 'a', b: { x: 1, y: [1, { z: 'q' }] }, c: null }, { c: null, b: { y: [1, { z: 'q' }], x: 1 }, id: 'a' })).toEqual([]);
  });

  it('names every differing leaf by its path, with both values', () => {
    expect(fieldDifferences({ id: 'a', balance: '10', nested: { list: [1, 2, 3] } }, { id: 'a', balance: '9', nested: { list: [1, 5] } })).toEqual([
      { path: 'balance', live: '10', rebuilt: '9' },
      { path: 'nested.list.1', live: 2, rebuilt: 5 },
      { path: 'nested.list.2', live: 3, rebuilt: MISSING },
    ]);
  });

  it('tells a missing field from a null one, and a changed type from a changed value', () => {
    expect(fieldDifferences({ id: 'a', note: null }, { id: 'a' })).toEqual([{ path: 'note', live: null, rebuilt: MISSING }]);
    expect(fieldDifferences({ id: 'a', amount: '1' }, { id: 'a', amount: 1 })).toEqual([{ path: 'amount', live: '1', rebuilt: 1 }]);
    expect(fieldDifferences({ id: 'a', tags: [] }, { id: 'a', tags: {} })).toEqual([{ path: 'tags', live: [], rebuilt: {} }]);
    expect(fieldDifferences(undefined, { id: 'a' })).toEqual([{ path: '(document)', live: MISSING, rebuilt: { id: 'a' } }]);
  });
});
