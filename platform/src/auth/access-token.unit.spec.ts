import { generateKeyPairSync } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signAccessToken, verifyAccessToken } from './access-token.js';

const pair = () =>
  generateKeyPairSync('ec', {
    namedCurve: 'P-256',
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });

describe('access tokens', () => {
  const keys = pair();
  afterEach(() => {
    vi.restoreAllMocks();
  });
  const claims = { sub: 'u-1', role: 'admin' as const, status: 'approved' as const, sid: 's-1', sit: 1_764_000_000_123 };

  it('carry the user, role, status, session and its start to the millisecond, verified with the public key alone', () => {
    const token = signAccessToken(claims, keys.privateKey, 900);
    expect(verifyAccessToken(token, keys.publicKey)).toEqual({
      ok: true,
      principal: { userId: 'u-1', role: 'admin', status: 'approved', sessionId: 's-1', sessionStartedAt: 1_764_000_000_123 },
    });
    // A token signed before sessions carried their start counts as begun at the epoch: any cut-off voids it.
    const older = signAccessToken({ sub: 'u-1', role: 'admin', status: 'approved', sid: 's-1' }, keys.privateKey, 900);
    expect(verifyAccessToken(older, keys.publicKey)).toMatchObject({ ok: true, principal: { sessionStartedAt: 0 } });
  });

  it('are refused once expired, with the reason', () => {
    const token = signAccessToken(claims, keys.privateKey, 60);
    expect(verifyAccessToken(token, keys.publicKey, new Date(Date.now() + 61_000))).toEqual({ ok: false, reason: 'expired' });
  });

  it('are refused when signed by another key, with another algorithm, or unsigned', () => {
    const other = pair();
    expect(verifyAccessToken(signAccessToken(claims, other.privateKey, 900), keys.publicKey)).toEqual({ ok: false, reason: 'invalid' });
    const hs256 = jwt.sign({ role: 'admin', status: 'approved', sid: 's' }, keys.publicKey, {
      algorithm: 'HS256',
      subject: 'u-1',
      issuer: 'concierge',
      audience: 'concierge-api',
    });
    expect(verifyAccessToken(hs256, keys.publicKey).ok).toBe(false);
    const unsigned = jwt.sign({ role: 'admin', status: 'approved', sid: 's', sub: 'u-1' }, '', { algorithm: 'none' });
    expect(verifyAccessToken(unsigned, keys.publicKey).ok).toBe(false);
  });

  it('are verified once per process, and a remembered one still expires and still names its own bearer', () => {
    const verify = vi.spyOn(jwt, 'verify');
    const token = signAccessToken({ ...claims, sub: 'u-remembered' }, keys.privateKey, 60);
    expect(verifyAccessToken(token, keys.publicKey)).toMatchObject({ ok: true, principal: { userId: 'u-remembered' } });
    expect(verifyAccessToken(token, keys.publicKey)).toMatchObject({ ok: true, principal: { userId: 'u-remembered' } });
    expect(verify).toHaveBeenCalledTimes(1);
    expect(verifyAccessToken(token, keys.publicKey, new Date(Date.now() + 61_000))).toEqual({ ok: false, reason: 'expired' });
    // Another key's holder is not answered from what this key verified.
    expect(verifyAccessToken(token, pair().publicKey)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('are refused when a remembered token is altered: another payload under its signature, or a changed signature', () => {
    const token = signAccessToken(claims, keys.privateKey, 900);
    expect(verifyAccessToken(token, keys.publicKey).ok).toBe(true);
    const [header, , signature] = token.split('.');
    const forged = [header, Buffer.from(JSON.stringify({ ...(jwt.decode(token) as object), sub: 'u-2' })).toString('base64url'), signature].join('.');
    const flipped = `${token.slice(0, -2)}${token.at(-2) === 'A' ? 'B' : 'A'}${token.at(-1)}`;
    expect(verifyAccessToken(forged, keys.publicKey)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyAccessToken(flipped, keys.publicKey).ok).toBe(false);
  });
});
