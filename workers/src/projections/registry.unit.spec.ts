import { describe, expect, it } from 'vitest';
import { PROJECTED_READ_MODELS, STANDING_CHANGE_EVENT_TYPES } from '@concierge/contracts';
import { accessProjection } from './access/projection.js';
import { projections } from './registry.js';

describe('the projections the workers run', () => {
  it('write exactly the read models the query API waits on for X-Min-Position, plus the access standings', () => {
    expect(projections.map((p) => p.name).sort()).toEqual([...PROJECTED_READ_MODELS, 'access'].sort());
  });

  it('keep the access standings current on every event that changes a standing, and on registration', () => {
    expect([...accessProjection.eventTypes].sort()).toEqual(['UserRegistered', ...STANDING_CHANGE_EVENT_TYPES].sort());
  });
});
