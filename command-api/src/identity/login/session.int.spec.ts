import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAccessToken } from '@concierge/platform/auth/access-token';
import { hashToken } from '@concierge/domain/identity/session/refresh-token';
import { BLOCKED_ACCOUNT_MESSAGES, INVALID_CREDENTIALS_MESSAGE } from '@concierge/domain/identity/login/account-status';
import { startIdentityApi, type IdentityApi } from '../testing/harness.js';

const DAY = 24 * 3600 * 1000;
const PASSWORD = 'Analytical1';

describe('sign-in and refresh sessions (POST /auth/login, /auth/refresh-token, /auth/logout)', () => {
  let api: IdentityApi;
  const login = (email: string, password = PASSWORD, rememberMe?: boolean) =>
    api.send('POST', '/auth/login', { email, password, ...(rememberMe === undefined ? {} : { rememberMe }) });
  const refresh = (refreshToken: unknown) => api.send('POST', '/auth/refresh-token', { refreshToken });
  const logout = (refreshToken: unknown) => api.send('POST', '/auth/logout', { refreshToken });
  const sessionEvents = async (refreshToken: string) => api.store.readStream(`session-${refreshToken.split('.')[0] ?? ''}`);

  beforeAll(async () => {
    api = await startIdentityApi('login');
  });
  afterAll(async () => {
    await api?.close();
  });

  it('signs an approved member in with a 15-minute ES256 token, a refresh token and the user', async () => {
    const userId = await api.seedUser({ email: 'ada@example.com', password: PASSWORD, firstName: 'Ada', lastName: 'Lovelace' });
    const response = await login(' ADA@example.com ');
    expect(response.status).toBe(200);
    const { token, refreshToken, user, position } = response.body;
    expect(user).toMatchObject({ _id: userId, id: userId, email: 'ada@example.com', firstName: 'Ada', role: 'user', status: 'approved' });
    expect(position).toMatch(/^\d+-\d+$/);
    const verified = verifyAccessToken(String(token), api.keys.publicKey);
    expect(verified).toMatchObject({ ok: true, principal: { userId, role: 'user', status: 'approved' } });
    const [header, payload] = String(token).split('.').slice(0, 2).map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, number>);
    expect(header?.['alg']).toBe('ES256');
    expect(Number(payload?.['exp']) - Number(payload?.['iat'])).toBe(15 * 60);
    expect(String(refreshToken)).toMatch(/^[\w-]+\.[\w-]{40,}$/);
  });

  it('keeps only a hash of the refresh token, in the credential store (not in the event), with a 30-day session when remembered and 14 days otherwise', async () => {
    await api.seedUser({ email: 'remember@example.com', password: PASSWORD });
    const remembered = String((await login('remember@example.com', PASSWORD, true)).body['refreshToken']);
    const [issued] = await sessionEvents(remembered);
    expect(issued?.type).toBe('RefreshSessionIssued');
    expect(await api.credentials.get(String(issued?.data['secretId']))).toBe(hashToken(remembered));
    expect(JSON.stringify(issued?.data)).not.toContain(remembered.split('.')[1]);
    expect(JSON.stringify(issued?.data)).not.toContain(hashToken(remembered));
    expect(Date.parse(String(issued?.data['expiresAt'])) - api.clock.now.getTime()).toBe(30 * DAY);
    const shortLived = String((await login('remember@example.com', PASSWORD, false)).body['refreshToken']);
    const [short] = await sessionEvents(shortLived);
    expect(Date.parse(String(short?.data['expiresAt'])) - api.clock.now.getTime()).toBe(14 * DAY);
  });

  it('answers a wrong password and an unknown email alike, with 401 "Invalid email or password."', async () => {
    await api.seedUser({ email: 'grace@example.com', password: PASSWORD });
    const wrong = await login('grace@example.com', 'Wrong-password1');
    const unknown = await login('nobody@example.com');
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401);
      expect(response.body['message']).toBe(INVALID_CREDENTIALS_MESSAGE);
    }
  });

  it('refuses a pending account with 403, status "pending" and the exact product message, once the password is right', async () => {
    await api.seedUser({ email: 'pending@example.com', password: PASSWORD, status: 'pending' });
    const response = await login('pending@example.com');
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({
      status: 'pending',
      accountStatus: 'pending',
      message: "Your account is pending approval. You'll receive an email once your account is approved.",
    });
    expect((await login('pending@example.com', 'Wrong-password1')).status).toBe(401);
  });

  it('refuses rejected and suspended accounts with 403 and their own messages', async () => {
    await api.seedUser({ email: 'rejected@example.com', password: PASSWORD, status: 'rejected' });
    await api.seedUser({ email: 'suspended@example.com', password: PASSWORD, status: 'suspended' });
    const rejected = await login('rejected@example.com');
    expect(rejected.status).toBe(403);
    expect(rejected.body).toMatchObject({ status: 'rejected', message: BLOCKED_ACCOUNT_MESSAGES.rejected });
    const suspended = await login('suspended@example.com');
    expect(suspended.body).toMatchObject({ status: 'suspended', message: BLOCKED_ACCOUNT_MESSAGES.suspended });
  });

  it('rotates the refresh token on every use; the spent one no longer works and reusing it ends the session', async () => {
    await api.seedUser({ email: 'rotate@example.com', password: PASSWORD });
    const first = String((await login('rotate@example.com')).body['refreshToken']);
    const rotated = await refresh(first);
    expect(rotated.status).toBe(200);
    const second = String(rotated.body['refreshToken']);
    expect(second).not.toBe(first);
    expect(second.split('.')[0]).toBe(first.split('.')[0]);
    expect(verifyAccessToken(String(rotated.body['token']), api.keys.publicKey).ok).toBe(true);
    expect(rotated.body['position']).toMatch(/^\d+-\d+$/);

    const reuse = await refresh(first);
    expect(reuse.status).toBe(401);
    expect(reuse.body['message']).toBe('Your session has ended. Please sign in again.');
    // The thief's reuse also signs out whoever holds the newer token.
    expect((await refresh(second)).status).toBe(401);
    const types = (await sessionEvents(first)).map((e) => [e.type, e.data['reason']]);
    expect(types).toEqual([
      ['RefreshSessionIssued', undefined],
      ['RefreshSessionRotated', undefined],
      ['RefreshSessionRevoked', 'reuse_detected'],
    ]);
  });

  it('lets exactly one of several simultaneous uses of one refresh token rotate it', async () => {
    await api.seedUser({ email: 'race@example.com', password: PASSWORD });
    const token = String((await login('race@example.com')).body['refreshToken']);
    const results = await Promise.all(Array.from({ length: 6 }, () => refresh(token)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 401)).toHaveLength(5);
    const rotations = (await sessionEvents(token)).filter((e) => e.type === 'RefreshSessionRotated');
    expect(rotations).toHaveLength(1);
  });

  it('refuses an expired session and an unknown one with 401', async () => {
    await api.seedUser({ email: 'expire@example.com', password: PASSWORD });
    const token = String((await login('expire@example.com', PASSWORD, false)).body['refreshToken']);
    const before = api.clock.now;
    api.clock.now = new Date(before.getTime() + 14 * DAY);
    try {
      const expired = await refresh(token);
      expect(expired.status).toBe(401);
      expect(expired.body['message']).toBe('Your session has expired. Please sign in again.');
    } finally {
      api.clock.now = before;
    }
    const unknown = await refresh(`00000000-0000-4000-8000-000000000000.${'x'.repeat(43)}`);
    expect(unknown.status).toBe(401);
    expect((await refresh('not a token')).status).toBe(400);
  });

  it('carries role changes into the next access token, and ends the session of an account suspended since', async () => {
    const userId = await api.seedUser({ email: 'promoted@example.com', password: PASSWORD });
    const adminId = await api.seedUser({ email: 'boss@example.com', password: PASSWORD, role: 'admin' });
    const admin = { authorization: api.bearer(adminId, 'admin') };
    const token = String((await login('promoted@example.com')).body['refreshToken']);
    expect((await api.send('PUT', `/users/${userId}`, { role: 'auditor' }, admin)).status).toBe(200);
    const promoted = await refresh(token);
    expect(verifyAccessToken(String(promoted.body['token']), api.keys.publicKey)).toMatchObject({ principal: { role: 'auditor' } });

    expect((await api.send('PUT', `/users/${userId}`, { status: 'suspended' }, admin)).status).toBe(200);
    const suspended = await refresh(String(promoted.body['refreshToken']));
    expect(suspended.status).toBe(403);
    expect(suspended.body).toMatchObject({ status: 'suspended', message: BLOCKED_ACCOUNT_MESSAGES.suspended });
    const last = (await sessionEvents(token)).at(-1);
    expect(last?.data['reason']).toBe('account_blocked');
  });

  it('logs out: the session ends, and logging out again is harmless and appends nothing', async () => {
    await api.seedUser({ email: 'logout@example.com', password: PASSWORD });
    const token = String((await login('logout@example.com')).body['refreshToken']);
    const out = await logout(token);
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ message: 'You have been signed out.', position: expect.stringMatching(/^\d+-\d+$/) });
    expect((await refresh(token)).status).toBe(401);
    const head = await api.head();
    const again = await logout(token);
    expect(again.status).toBe(200);
    expect(again.body['position']).toBeNull();
    expect(await api.head()).toBe(head);
  });
});
