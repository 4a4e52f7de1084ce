import { describe, expect, it } from 'vitest';
import { PROJECTED_READ_MODELS } from '@concierge/contracts';
import { projections } from './registry.js';

describe('the projections the workers run', () => {
  it('write exactly the read models the query API waits on for X-Min-Position, plus the access standings', () => {
    expect(projections.map((p) => p.name).sort()).toEqual([...PROJECTED_READ_MODELS, 'access'].sort());
  });
});
