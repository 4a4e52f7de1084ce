import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthRateLimits } from './rate-limits.js';
import { startIdentityApi, type IdentityApi } from './testing/harness.js';

const PASSWORD = 'Analytical1';
const WINDOW_SECONDS = 15 * 60;
const limits: AuthRateLimits = {
  login: { perIp: 6, perEmail: 3, windowSeconds: WINDOW_SECONDS },
  register: { perIp: 2, perEmail: 5, windowSeconds: WINDOW_SECONDS },
  forgotPassword: { perIp: 20, perEmail: 2, windowSeconds: WINDOW_SECONDS },
  resetPassword: { perIp: 2, perEmail: 2, windowSeconds: WINDOW_SECONDS },
};

describe('rate limits on sign-in, registration and password reset (real Redis)', () => {
  let api: IdentityApi;
  // Requests land at the very start of a window, so the wait is the whole window.
  const windowStart = Math.floor(Date.now() / (WINDOW_SECONDS * 1000)) * WINDOW_SECONDS * 1000;
  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  const login = (email: string, ip: string, password = 'Wrong-pass1') => api.send('POST', '/auth/login', { email, password }, from(ip));

  beforeAll(async () => {
    api = await startIdentityApi('ratelimit', { mail: true, rateLimits: limits, limiterNow: () => windowStart });
  });
  afterAll(async () => {
    await api?.close();
  });

  const expectTooMany = (response: { status: number; headers: Headers; body: Record<string, unknown> }) => {
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe(String(WINDOW_SECONDS));
    expect(response.body['message']).toBe('Too many attempts. Please try again in 15 minutes.');
  };

  it('stops sign-in attempts on one email, whatever its case and whichever address they come from', async () => {
    await api.seedUser({ email: 'target@example.com', password: PASSWORD });
    expect((await login('target@example.com', '198.51.100.1')).status).toBe(401);
    expect((await login('TARGET@example.com', '198.51.100.2')).status).toBe(401);
    expect((await login(' target@example.com', '198.51.100.3')).status).toBe(401);
    expectTooMany(await login('target@example.com', '198.51.100.4', PASSWORD));
    // Another account from the same addresses is not affected.
    await api.seedUser({ email: 'bystander@example.com', password: PASSWORD });
    expect((await login('bystander@example.com', '198.51.100.1', PASSWORD)).status).toBe(200);
  });

  it('stops one address trying many emails', async () => {
    const ip = '203.0.113.9';
    for (let i = 0; i < 6; i += 1) expect((await login(`guess${i}@example.com`, ip)).status).toBe(401);
    expectTooMany(await login('guess-next@example.com', ip));
    expect((await login('guess-next@example.com', '203.0.113.10')).status).toBe(401);
  });

  it('limits registrations per address and forgot-password requests per email, appending nothing when refused', async () => {
    const register = (email: string) =>
      api.send('POST', '/auth/register', { firstName: 'Ada', lastName: 'L', email, password: PASSWORD }, from('192.0.2.50'));
    expect((await register('one@example.com')).status).toBe(201);
    expect((await register('two@example.com')).status).toBe(201);
    const head = await api.head();
    expectTooMany(await register('three@example.com'));
    expect(await api.head()).toBe(head);

    const forgot = (ip: string) => api.send('POST', '/auth/forgot-password', { email: 'one@example.com' }, from(ip));
    expect((await forgot('192.0.2.60')).status).toBe(200);
    expect((await forgot('192.0.2.61')).status).toBe(200);
    expectTooMany(await forgot('192.0.2.62'));
  });

  it('limits reset attempts per address', async () => {
    const reset = () => api.send('POST', '/auth/reset-password', { token: 'b'.repeat(43), newPassword: 'Difference2' }, from('192.0.2.70'));
    expect((await reset()).status).toBe(400);
    expect((await reset()).status).toBe(400);
    expectTooMany(await reset());
  });
});
