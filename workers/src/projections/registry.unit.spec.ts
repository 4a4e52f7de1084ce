import { describe, expect, it } from 'vitest';
import { READ_MODELS, STANDING_CHANGE_EVENT_TYPES } from '@concierge/contracts';
import { WORKERS_MODULES } from '../modules.js';
import { WORKER_QUEUES } from '../queues.js';
import { accessProjection } from './access/projection.js';
import { projections } from './registry.js';

describe('the projections the workers run', () => {
  it('write exactly the read models the query API waits on for X-Min-Position, plus the access standings', () => {
    expect(projections.map((p) => p.name).sort()).toEqual([...READ_MODELS, 'access'].sort());
  });

  it('keep the access standings current on every event that changes a standing, and on registration', () => {
    expect([...accessProjection.eventTypes].sort()).toEqual(['UserRegistered', ...STANDING_CHANGE_EVENT_TYPES].sort());
  });

  it('come from the contexts’ modules, each projection in one context, in the order they have always been caught up', () => {
    expect(WORKERS_MODULES.map((module) => module.context)).toEqual(['identity', 'plans', 'strategies', 'money', 'portfolio', 'audit']);
    expect(projections.map((p) => p.name)).toEqual([
      'access',
      'users',
      'plans',
      'strategies',
      'wallets',
      'withdrawalAddresses',
      'withdrawals',
      'deposits',
      'accounts',
      'portfolio',
      'auditStreams',
      'auditEvents',
    ]);
  });
});

describe('the queues the workers consume', () => {
  it('keep the names stored in Redis, each consumed by one context or by the process itself', () => {
    expect(WORKER_QUEUES).toEqual(['PROJECTIONS', 'MAIL', 'DEPOSIT_DETECTION', 'SETTLEMENT', 'portfolio-snapshots', 'AUDIT_CHECKPOINTS', 'replay-verify']);
  });
});
