import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAccessToken } from '@concierge/platform/auth/access-token';
import { EMAIL_READ_ONLY_MESSAGE } from '@concierge/domain/identity/user/decide';
import { SAME_PASSWORD_MESSAGE, WRONG_CURRENT_PASSWORD_MESSAGE } from '@concierge/domain/identity/profile/change-password';
import { startIdentityApi, type IdentityApi } from '../testing/harness.js';
import { PASSWORD_CHANGED_MESSAGE, PROFILE_UPDATED_MESSAGE } from './routes.js';

const PASSWORD = 'Analytical1';
const NEW_PASSWORD = 'Difference2';

describe("a member's own profile and password (PUT /users/profile, PUT /users/password)", () => {
  let api: IdentityApi;
  const signIn = async (email: string, password = PASSWORD) => {
    const response = await api.send('POST', '/auth/login', { email, password });
    return { status: response.status, authorization: `Bearer ${String(response.body['token'])}`, refreshToken: String(response.body['refreshToken']) };
  };

  beforeAll(async () => {
    api = await startIdentityApi('profile');
  });
  afterAll(async () => {
    await api?.close();
  });

  it('changes first and last name; saving the same again changes nothing', async () => {
    const userId = await api.seedUser({ email: 'ada@example.com', password: PASSWORD });
    const { authorization } = await signIn('ada@example.com');
    const body = { firstName: ' Augusta ', lastName: 'King', email: 'ada@example.com' };
    const response = await api.send('PUT', '/users/profile', body, { authorization });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ message: PROFILE_UPDATED_MESSAGE, position: expect.stringMatching(/^\d+-\d+$/) });
    const last = (await api.store.readStream(`user-${userId}`)).at(-1);
    expect(last?.data).toMatchObject({ firstName: 'Augusta', lastName: 'King' });
    expect(last?.metadata.actor).toEqual({ type: 'user', userId, role: 'user' });
    const again = await api.send('PUT', '/users/profile', body, { authorization });
    expect(again.body['position']).toBeNull();
  });

  it('refuses a different email with "Email cannot be changed." and appends nothing', async () => {
    await api.seedUser({ email: 'fixed@example.com', password: PASSWORD });
    const { authorization } = await signIn('fixed@example.com');
    const head = await api.head();
    const response = await api.send('PUT', '/users/profile', { firstName: 'A', lastName: 'B', email: 'other@example.com' }, { authorization });
    expect(response.status).toBe(400);
    expect(response.body['message']).toBe(EMAIL_READ_ONLY_MESSAGE);
    const blank = await api.send('PUT', '/users/profile', { firstName: '', lastName: 'B' }, { authorization });
    expect(blank.body['message']).toBe('First name is required');
    expect(await api.head()).toBe(head);
  });

  it('checks the current password and the rules for the new one, appending nothing when refused', async () => {
    await api.seedUser({ email: 'careful@example.com', password: PASSWORD });
    const { authorization } = await signIn('careful@example.com');
    const head = await api.head();
    const change = (body: Record<string, string>) => api.send('PUT', '/users/password', body, { authorization });
    const cases: Array<[Record<string, string>, string]> = [
      [{ currentPassword: 'Wrong-pass1', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, WRONG_CURRENT_PASSWORD_MESSAGE],
      [{ currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: 'Different3' }, 'Passwords do not match'],
      [{ currentPassword: PASSWORD, newPassword: 'short1A', confirmPassword: 'short1A' }, 'Password must be at least 8 characters'],
      [{ currentPassword: PASSWORD, newPassword: PASSWORD, confirmPassword: PASSWORD }, SAME_PASSWORD_MESSAGE],
      [{ newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, 'Current password is required'],
    ];
    for (const [body, message] of cases) {
      const response = await change(body);
      expect(response.status).toBe(400);
      expect(response.body['message']).toBe(message);
    }
    expect(await api.head()).toBe(head);
  });

  it('changes the password: the new one signs in, other devices are signed out, this one keeps a new session', async () => {
    await api.seedUser({ email: 'mover@example.com', password: PASSWORD });
    const other = await signIn('mover@example.com');
    const here = await signIn('mover@example.com');
    const earlier = api.clock.now;
    api.clock.now = new Date(earlier.getTime() + 1000);
    try {
      const body = { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
      const response = await api.send('PUT', '/users/password', body, { authorization: here.authorization });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ message: PASSWORD_CHANGED_MESSAGE, position: expect.stringMatching(/^\d+-\d+$/) });
      expect(verifyAccessToken(String(response.body['token']), api.keys.publicKey).ok).toBe(true);

      expect((await signIn('mover@example.com', PASSWORD)).status).toBe(401);
      expect((await signIn('mover@example.com', NEW_PASSWORD)).status).toBe(200);
      for (const old of [other.refreshToken, here.refreshToken]) {
        const refused = await api.send('POST', '/auth/refresh-token', { refreshToken: old });
        expect(refused.status).toBe(401);
        expect(refused.body['message']).toBe('Your password was changed. Please sign in again.');
      }
      const kept = await api.send('POST', '/auth/refresh-token', { refreshToken: response.body['refreshToken'] });
      expect(kept.status).toBe(200);
    } finally {
      api.clock.now = earlier;
    }
  });

  it('needs a signed-in, approved caller', async () => {
    expect((await api.send('PUT', '/users/profile', { firstName: 'A', lastName: 'B' })).status).toBe(401);
  });
});
