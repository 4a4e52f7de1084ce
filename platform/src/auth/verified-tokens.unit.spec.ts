import { describe, expect, it } from 'vitest';
import type { Principal } from './access-token.js';
import { VerifiedTokens } from './verified-tokens.js';

const principal = (userId: string): Principal => ({ userId, role: 'user', status: 'approved', sessionId: 's', sessionStartedAt: 0 });

describe('verified tokens', () => {
  it('answer a remembered token until its expiry second, then forget it', () => {
    const tokens = new VerifiedTokens(10);
    tokens.remember('a', { principal: principal('u-a'), expiresAtSeconds: 1_000 });
    expect(tokens.get('a', 999)).toEqual({ principal: principal('u-a'), expiresAtSeconds: 1_000 });
    expect(tokens.get('a', 1_000)).toBe('expired');
    expect(tokens.get('a', 999)).toBeUndefined();
    expect(tokens.get('b', 0)).toBeUndefined();
  });

  it('keep at most their bound, dropping the least recently used', () => {
    const tokens = new VerifiedTokens(2);
    tokens.remember('a', { principal: principal('u-a'), expiresAtSeconds: 1_000 });
    tokens.remember('b', { principal: principal('u-b'), expiresAtSeconds: 1_000 });
    expect(tokens.get('a', 0)).not.toBeUndefined();
    tokens.remember('c', { principal: principal('u-c'), expiresAtSeconds: 1_000 });
    expect(tokens.size).toBe(2);
    expect(tokens.get('b', 0)).toBeUndefined();
    expect(tokens.get('a', 0)).not.toBeUndefined();
    expect(tokens.get('c', 0)).not.toBeUndefined();
  });
});
