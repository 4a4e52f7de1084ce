import { describe, expect, it } from 'vitest';
import { ForbiddenError, UnauthorizedError } from '../errors.js';
import type { Principal } from './access-token.js';
import { cachedStandings } from './standing-cache.js';
import { principalAsItStands, type AccessStanding } from './standing.js';

const principal: Principal = { userId: 'u-1', role: 'admin', status: 'approved', sessionId: 's-1', sessionStartedAt: 2_000 };
const standing: AccessStanding = { status: 'approved', role: 'admin', sessionsValidAfter: null, sessionEnded: false };

describe('a principal as the account stands now', () => {
  it('passes a token whose account, role and session are as they were', () => {
    expect(principalAsItStands(principal, standing)).toEqual(principal);
    expect(principalAsItStands(principal, { ...standing, sessionsValidAfter: 2_000 })).toEqual(principal);
  });

  it('refuses with 401 a session ended, begun before the cut-off, of a changed role or of a missing account', () => {
    for (const now of [null, { ...standing, sessionEnded: true }, { ...standing, sessionsValidAfter: 2_001 }, { ...standing, role: 'user' as const }]) {
      expect(() => principalAsItStands(principal, now)).toThrow(UnauthorizedError);
    }
  });

  it('refuses with 403 and the reason an account that is no longer approved', () => {
    expect(() => principalAsItStands(principal, { ...standing, status: 'suspended' })).toThrow(ForbiddenError);
    expect(() => principalAsItStands(principal, { ...standing, status: 'suspended' })).toThrow('Your account has been suspended. Please contact support.');
  });
});

describe('cached standings', () => {
  it('reads each session once within a second, again after it, and at once after an invalidation', async () => {
    let reads = 0;
    let clock = 0;
    const cache = cachedStandings({ standing: async () => ((reads += 1), standing) }, { now: () => clock });
    await Promise.all([cache.standing(principal), cache.standing(principal)]);
    expect(reads).toBe(1);
    clock = 999;
    await cache.standing(principal);
    expect(reads).toBe(1);
    clock = 1_000;
    await cache.standing(principal);
    expect(reads).toBe(2);
    cache.invalidate('u-1');
    await cache.standing(principal);
    expect(reads).toBe(3);
  });

  it('never keeps a read that failed', async () => {
    let fail = true;
    const cache = cachedStandings({ standing: async () => (fail ? Promise.reject(new Error('database away')) : standing) });
    await expect(cache.standing(principal)).rejects.toThrow('database away');
    fail = false;
    await expect(cache.standing(principal)).resolves.toEqual(standing);
  });
});
