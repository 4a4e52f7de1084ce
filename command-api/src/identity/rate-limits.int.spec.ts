import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNED_OUT_AFTER_GUESSES_MESSAGE, WRONG_CURRENT_PASSWORD_MESSAGE } from '@concierge/domain/identity/profile/change-password';
import { userStreamId } from '@concierge/domain/identity/user/user';
import { SIGN_IN_BACKOFF_MESSAGE, type AuthRateLimits } from './rate-limits.js';
import { startIdentityApi, type IdentityApi } from './testing/harness.js';

const PASSWORD = 'Analytical1';
const WINDOW_SECONDS = 15 * 60;
const limits: AuthRateLimits = {
  login: { perIp: 20, windowSeconds: WINDOW_SECONDS, freeFailures: 5, maxDelaySeconds: 4, accountFreeFailures: 20, accountMaxDelaySeconds: 8 },
  register: { perIp: 2, perEmail: 5, windowSeconds: WINDOW_SECONDS },
  forgotPassword: { perIp: 20, perEmail: 2, windowSeconds: WINDOW_SECONDS },
  resetPassword: { perIp: 2, perEmail: 2, windowSeconds: WINDOW_SECONDS },
  verifyEmail: { perIp: 3, perAccount: 2, windowSeconds: WINDOW_SECONDS },
  changePassword: { perAccount: 6, windowSeconds: WINDOW_SECONDS, failuresBeforeSignOut: 3 },
};

describe('rate limits on sign-in, registration and password changes (real Redis)', () => {
  let api: IdentityApi;
  // Requests land at the very start of a window, so a window's wait is the whole window; back-offs move the clock.
  const windowStart = Math.floor(Date.now() / (WINDOW_SECONDS * 1000)) * WINDOW_SECONDS * 1000;
  let limiterClock = windowStart;
  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  const login = (email: string, ip: string, password = 'Wrong-pass1') => api.send('POST', '/auth/login', { email, password }, from(ip));

  beforeAll(async () => {
    api = await startIdentityApi('ratelimit', { mail: true, rateLimits: limits, limiterNow: () => limiterClock });
  });
  afterAll(async () => {
    await api?.close();
  });

  const expectTooMany = (response: { status: number; headers: Headers; body: Record<string, unknown> }) => {
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe(String((windowStart + WINDOW_SECONDS * 1000 - limiterClock) / 1000));
    expect(response.body['message']).toBe('Too many attempts. Please try again in 15 minutes.');
  };
  const expectBackOff = (response: { status: number; headers: Headers; body: Record<string, unknown> }, seconds: number) => {
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe(String(seconds));
    expect(response.body['message']).toBe(SIGN_IN_BACKOFF_MESSAGE(`${seconds} ${seconds === 1 ? 'second' : 'seconds'}`));
  };

  it('does not lock the owner out when someone else guesses their password: failures count per email and address', async () => {
    await api.seedUser({ email: 'target@example.com', password: PASSWORD });
    for (let i = 0; i < 5; i += 1) expect((await login('target@example.com', '198.51.100.1')).status).toBe(401);
    for (let i = 0; i < 5; i += 1) expectBackOff(await login('TARGET@example.com', '198.51.100.1'), 1);
    // The owner, elsewhere, signs in at once (the old rule locked the email for 15 minutes after 10 failures).
    expect((await login('target@example.com', '203.0.113.50', PASSWORD)).status).toBe(200);
  });

  it('backs off progressively after five failures: 1 s, then doubling up to the cap', async () => {
    await api.seedUser({ email: 'slow@example.com', password: PASSWORD });
    const ip = '198.51.100.2';
    for (let i = 0; i < 5; i += 1) expect((await login('slow@example.com', ip)).status).toBe(401);
    for (const wait of [1, 2, 4, 4]) {
      expectBackOff(await login('slow@example.com', ip), wait);
      limiterClock += wait * 1000;
      expect((await login('slow@example.com', ip)).status).toBe(401);
    }
    // The right password is still held back while waiting, and let in once the wait is over.
    expectBackOff(await login('slow@example.com', ip, PASSWORD), 4);
    limiterClock += 4000;
    expect((await login('slow@example.com', ip, PASSWORD)).status).toBe(200);
    expect((await login('slow@example.com', ip)).status).toBe(401); // a success forgave the earlier failures
  });

  it('never counts a successful sign-in', async () => {
    await api.seedUser({ email: 'often@example.com', password: PASSWORD });
    for (let i = 0; i < 8; i += 1) expect((await login('often@example.com', '198.51.100.3', PASSWORD)).status).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await login('often@example.com', '198.51.100.3')).status).toBe(401);
    expect((await login('often@example.com', '198.51.100.3', PASSWORD)).status).toBe(200);
    for (let i = 0; i < 5; i += 1) expect((await login('often@example.com', '198.51.100.3')).status).toBe(401);
  });

  it('holds back a burst of parallel guesses as if they came one by one', async () => {
    await api.seedUser({ email: 'burst@example.com', password: PASSWORD });
    const results = await Promise.all(Array.from({ length: 12 }, () => login('burst@example.com', '198.51.100.4')));
    expect(results.filter((r) => r.status === 401)).toHaveLength(5);
    expect(results.filter((r) => r.status === 429)).toHaveLength(7);
  });

  it('holds back guesses at one account spread over many addresses, for minutes at most, never from the owner\'s usual address', async () => {
    await api.seedUser({ email: 'spread@example.com', password: PASSWORD });
    expect((await login('spread@example.com', '203.0.113.70', PASSWORD)).status).toBe(200); // the owner's usual address
    const addresses = Array.from({ length: 8 }, (_, i) => `198.51.100.${120 + i}`);
    // 40 wrong passwords from 8 addresses, 5 each (within each address's own free failures): 20 are evaluated.
    const answers: number[] = [];
    for (const ip of addresses) for (let i = 0; i < 5; i += 1) answers.push((await login('spread@example.com', ip)).status);
    expect(answers.filter((status) => status === 401)).toHaveLength(20);
    expect(answers.slice(20).every((status) => status === 429)).toBe(true);
    // The next attempt from a fresh address, right password or not, waits before it is evaluated.
    expectBackOff(await login('spread@example.com', '203.0.113.77', PASSWORD), 1);
    // The owner's usual address is not slowed by guessers elsewhere (its own back-off still holds).
    expect((await login('spread@example.com', '203.0.113.70', PASSWORD)).status).toBe(200);
    // That success reset the email's failures; the guessers start over, and over 20 they wait again.
    for (let i = 0; i < 20; i += 1) expect((await login('spread@example.com', `198.51.100.${130 + (i % 4)}`)).status).toBe(401);
    expectBackOff(await login('spread@example.com', '203.0.113.77', PASSWORD), 1);
    // The wait doubles with each further failure but stops at the cap (8 s here): never a lock.
    for (const wait of [1, 2, 4, 8, 8]) {
      expectBackOff(await login('spread@example.com', '198.51.100.200'), wait);
      limiterClock += wait * 1000;
      expect((await login('spread@example.com', `198.51.100.${201 + wait}`)).status).toBe(401);
    }
    limiterClock += 8000;
    expect((await login('spread@example.com', '203.0.113.77', PASSWORD)).status).toBe(200);
    // The owner's success forgave the account's failures: a wrong password is evaluated again at once.
    expect((await login('spread@example.com', '198.51.100.250')).status).toBe(401);
  });

  it('limits email confirmations per address and per account named in the token, appending nothing when refused', async () => {
    const confirm = (userId: string, ip: string) => api.send('POST', '/auth/verify-email', { token: `${userId}.${'c'.repeat(43)}` }, from(ip));
    const pending = await api.seedUser({ email: 'unconfirmed@example.com', password: PASSWORD, status: 'pending' });
    // What a wrong secret answers is the domain's business; here it only matters that it is evaluated.
    expect((await confirm(pending, '192.0.2.80')).status).not.toBe(429);
    expect((await confirm(pending, '192.0.2.81')).status).not.toBe(429);
    const head = await api.head();
    expectTooMany(await confirm(pending, '192.0.2.82')); // a third guess at this account, from anywhere
    expect(await api.head()).toBe(head);
    // Per address too: guesses at many accounts from one address.
    const ip = '192.0.2.90';
    for (let i = 0; i < 3; i += 1) expect((await confirm(`someone-${i}`, ip)).status).toBe(400);
    expectTooMany(await confirm('someone-else', ip));
  });

  it('still stops one address trying many emails', async () => {
    const ip = '203.0.113.9';
    for (let i = 0; i < 20; i += 1) expect((await login(`guess${i}@example.com`, ip)).status).toBe(401);
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

  const changePassword = (authorization: string, currentPassword: string, newPassword = 'Difference2') =>
    api.send('PUT', '/users/password', { currentPassword, newPassword, confirmPassword: newPassword }, { authorization });

  it('limits password changes per account, whichever address they come from', async () => {
    const userId = await api.seedUser({ email: 'changer@example.com', password: PASSWORD });
    const bearer = api.bearer(userId);
    // The same password again is refused after the current one was checked: each one counts.
    for (let i = 0; i < 6; i += 1) expect((await changePassword(bearer, PASSWORD, PASSWORD)).status).toBe(400);
    expectTooMany(await changePassword(bearer, PASSWORD));
    const other = await api.seedUser({ email: 'bystander@example.com', password: PASSWORD });
    expect((await changePassword(api.bearer(other), PASSWORD)).status).toBe(200);
  });

  it('ends every session of the account after repeated wrong current passwords, and says so', async () => {
    const userId = await api.seedUser({ email: 'stolen@example.com', password: PASSWORD });
    const thief = api.bearer(userId);
    const owner = String((await login('stolen@example.com', '198.51.100.80', PASSWORD)).body['refreshToken']);
    const start = api.clock.now;
    try {
      api.clock.now = new Date(start.getTime() + 1000);
      for (let i = 0; i < 2; i += 1) {
        const wrong = await changePassword(thief, `Guess${i}abc`);
        expect(wrong.status).toBe(400);
        expect(wrong.body['message']).toBe(WRONG_CURRENT_PASSWORD_MESSAGE);
      }
      const ended = await changePassword(thief, 'Guess9abc');
      expect(ended.status).toBe(401);
      expect(ended.body['message']).toBe(SIGNED_OUT_AFTER_GUESSES_MESSAGE);
      const last = (await api.store.readStream(userStreamId(userId))).at(-1);
      expect(last).toMatchObject({ type: 'UserSessionsEnded', data: { reason: 'password_attempts', endedBy: userId } });
      expect((await changePassword(thief, PASSWORD)).status).toBe(401);
      expect((await api.send('POST', '/auth/refresh-token', { refreshToken: owner })).status).toBe(401);
      // The owner signs in again and starts afresh.
      const again = await login('stolen@example.com', '198.51.100.80', PASSWORD);
      expect(again.status).toBe(200);
      expect((await changePassword(`Bearer ${String(again.body['token'])}`, 'Guess1abc')).status).toBe(400);
    } finally {
      api.clock.now = start;
    }
  });
});
