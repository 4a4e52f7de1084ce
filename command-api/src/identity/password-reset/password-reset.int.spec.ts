import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_JOB_RETENTION_SECONDS, MailJob, SEND_MAIL } from '@concierge/contracts';
import { hashToken } from '@concierge/domain/identity/session/refresh-token';
import { INVALID_RESET_LINK_MESSAGE, resetTokenStreamId } from '@concierge/domain/identity/password-reset/reset-token';
import { startIdentityApi, type IdentityApi } from '../testing/harness.js';
import { PASSWORD_RESET_MESSAGE, RESET_LINK_SENT_MESSAGE } from './routes.js';

const PASSWORD = 'Analytical1';
const NEW_PASSWORD = 'Difference2';
const MINUTE = 60_000;

describe('forgot and reset password (POST /auth/forgot-password, GET and POST /auth/reset-password)', () => {
  let api: IdentityApi;
  const forgot = (email: string) => api.send('POST', '/auth/forgot-password', { email });
  const check = (token: string) => api.send('GET', `/auth/reset-password/${token}`);
  const reset = (token: string, newPassword = NEW_PASSWORD) => api.send('POST', '/auth/reset-password', { token, newPassword });
  const login = (email: string, password: string) => api.send('POST', '/auth/login', { email, password });

  /** The mails queued for an address, newest last, read from the real BullMQ queue. */
  async function mailsTo(email: string) {
    const jobs = (await api.mailQueue?.getJobs(['waiting', 'delayed', 'completed', 'failed'])) ?? [];
    return jobs
      .filter((job) => MailJob.parse(job.data).to === email)
      .sort((a, b) => a.timestamp - b.timestamp)
      .map((job) => ({ job, mail: MailJob.parse(job.data) }));
  }
  async function tokenMailedTo(email: string): Promise<string> {
    const last = (await mailsTo(email)).at(-1);
    if (last?.mail.template !== 'password-reset') throw new Error(`no reset mail for ${email}`);
    const token = new URL(last.mail.data.resetUrl).searchParams.get('token');
    if (!token) throw new Error('reset link without token');
    return token;
  }

  beforeAll(async () => {
    api = await startIdentityApi('reset', { mail: true });
  });
  afterAll(async () => {
    await api?.close();
  });

  it('queues one reset mail with a one-hour link, storing only the token hash', async () => {
    const userId = await api.seedUser({ email: 'ada@example.com', password: PASSWORD, firstName: 'Ada' });
    const response = await forgot('Ada@Example.com');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: RESET_LINK_SENT_MESSAGE });

    const [queued, ...others] = await mailsTo('ada@example.com');
    expect(others).toHaveLength(0);
    const token = await tokenMailedTo('ada@example.com');
    expect(queued?.job.name).toBe(SEND_MAIL);
    expect(queued?.job.id).toBe(`password-reset-${token.slice(0, 32)}`);
    expect(queued?.job.opts).toMatchObject({ attempts: 10, removeOnComplete: { age: MAIL_JOB_RETENTION_SECONDS } });
    expect(queued?.mail).toEqual({
      template: 'password-reset',
      to: 'ada@example.com',
      data: {
        firstName: 'Ada',
        resetUrl: `https://app.example.com/reset-password?token=${token}`,
        expiresAt: new Date(api.clock.now.getTime() + 60 * MINUTE).toISOString(),
      },
    });
    // The stream is named by the link id; neither the secret nor its hash is in event data (the hash is in the credential store).
    const stream = await api.store.readStream(resetTokenStreamId(token.slice(0, 32)));
    expect(stream.map((e) => e.type)).toEqual(['PasswordResetTokenIssued']);
    expect(stream[0]?.data).toMatchObject({ userId, secretId: expect.any(String) });
    expect(await api.credentials.get(String(stream[0]?.data['secretId']))).toBe(hashToken(token.slice(32)));
    const stored = await api.storedText();
    for (const secretish of [token, token.slice(32), hashToken(token), hashToken(token.slice(32))]) expect(stored).not.toContain(secretish);
  });

  it('answers an unknown email exactly like a known one, appending and mailing nothing', async () => {
    await api.seedUser({ email: 'rejected@example.com', password: PASSWORD, status: 'rejected' });
    const head = await api.head();
    for (const email of ['nobody@example.com', 'rejected@example.com']) {
      const response = await forgot(email);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ message: RESET_LINK_SENT_MESSAGE });
      expect(await mailsTo(email)).toEqual([]);
    }
    expect(await api.head()).toBe(head);
  });

  it('sends a link to a pending account too', async () => {
    await api.seedUser({ email: 'pending@example.com', password: PASSWORD, status: 'pending' });
    await forgot('pending@example.com');
    expect(await mailsTo('pending@example.com')).toHaveLength(1);
  });

  it('checks a link, sets the new password with it once, and refuses it afterwards', async () => {
    await api.seedUser({ email: 'grace@example.com', password: PASSWORD });
    await forgot('grace@example.com');
    const token = await tokenMailedTo('grace@example.com');
    const valid = await check(token);
    expect(valid.status).toBe(200);
    expect(valid.body).toEqual({ valid: true });

    const done = await reset(token);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ message: PASSWORD_RESET_MESSAGE, position: expect.stringMatching(/^\d+-\d+$/) });
    expect((await login('grace@example.com', NEW_PASSWORD)).status).toBe(200);
    expect((await login('grace@example.com', PASSWORD)).status).toBe(401);

    for (const response of [await check(token), await reset(token, 'Another3Pass')]) {
      expect(response.status).toBe(400);
      expect(response.body['message']).toBe(INVALID_RESET_LINK_MESSAGE);
    }
    expect((await login('grace@example.com', NEW_PASSWORD)).status).toBe(200);
  });

  it("refuses a real link's id with another secret, as it refuses a made-up link", async () => {
    await api.seedUser({ email: 'forged@example.com', password: PASSWORD });
    await forgot('forged@example.com');
    const token = await tokenMailedTo('forged@example.com');
    const forged = `${token.slice(0, 32)}${'A'.repeat(token.length - 32)}`;
    expect((await check(forged)).status).toBe(400);
    expect((await reset(forged)).status).toBe(400);
    expect((await check(token)).status, 'the real link still works').toBe(200);
  });

  it('lets exactly one of several simultaneous resets with one link succeed', async () => {
    await api.seedUser({ email: 'race@example.com', password: PASSWORD });
    await forgot('race@example.com');
    const token = await tokenMailedTo('race@example.com');
    const results = await Promise.all(['Racing1a', 'Racing2b', 'Racing3c', 'Racing4d'].map((p) => reset(token, p)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400)).toHaveLength(3);
    const used = (await api.store.readStream(resetTokenStreamId(token.slice(0, 32)))).filter((e) => e.type === 'PasswordResetTokenUsed');
    expect(used).toHaveLength(1);
  });

  it('refuses a link after an hour', async () => {
    await api.seedUser({ email: 'late@example.com', password: PASSWORD });
    await forgot('late@example.com');
    const token = await tokenMailedTo('late@example.com');
    const issuedAt = api.clock.now;
    try {
      api.clock.now = new Date(issuedAt.getTime() + 59 * MINUTE);
      expect((await check(token)).status).toBe(200);
      api.clock.now = new Date(issuedAt.getTime() + 60 * MINUTE);
      const expired = await check(token);
      expect(expired.status).toBe(400);
      expect(expired.body['message']).toBe(INVALID_RESET_LINK_MESSAGE);
      expect((await reset(token)).status).toBe(400);
    } finally {
      api.clock.now = issuedAt;
    }
    expect((await login('late@example.com', PASSWORD)).status).toBe(200);
  });

  it('refuses unknown and malformed links with the same message', async () => {
    const unknown = await check('a'.repeat(43));
    expect(unknown.status).toBe(400);
    expect(unknown.body['message']).toBe(INVALID_RESET_LINK_MESSAGE);
    const malformed = await check('short');
    expect(malformed.status).toBe(400);
    expect(malformed.body['message']).toBe('Invalid or missing reset token');
  });

  it('applies the password rules to the new password', async () => {
    await api.seedUser({ email: 'weak@example.com', password: PASSWORD });
    await forgot('weak@example.com');
    const token = await tokenMailedTo('weak@example.com');
    const weak = await reset(token, 'alllowercase1');
    expect(weak.status).toBe(400);
    expect(weak.body['message']).toBe('Password must contain at least one uppercase letter');
    const mismatch = await api.send('POST', '/auth/reset-password', { token, newPassword: NEW_PASSWORD, confirmPassword: 'Other1234' });
    expect(mismatch.body['message']).toBe('Passwords do not match');
    expect((await check(token)).status).toBe(200);
  });

  it('signs out every device that signed in before the reset', async () => {
    await api.seedUser({ email: 'devices@example.com', password: PASSWORD });
    const before = String((await login('devices@example.com', PASSWORD)).body['refreshToken']);
    const earlier = api.clock.now;
    api.clock.now = new Date(earlier.getTime() + MINUTE);
    try {
      await forgot('devices@example.com');
      expect((await reset(await tokenMailedTo('devices@example.com'))).status).toBe(200);
      const refused = await api.send('POST', '/auth/refresh-token', { refreshToken: before });
      expect(refused.status).toBe(401);
      expect(refused.body['message']).toBe('Your password was changed. Please sign in again.');
      const after = String((await login('devices@example.com', NEW_PASSWORD)).body['refreshToken']);
      expect((await api.send('POST', '/auth/refresh-token', { refreshToken: after })).status).toBe(200);
    } finally {
      api.clock.now = earlier;
    }
  });
  it('spends every older link when the password is reset with a newer one', async () => {
    await api.seedUser({ email: 'twolinks@example.com', password: PASSWORD });
    const start = api.clock.now;
    try {
      await forgot('twolinks@example.com');
      const older = await tokenMailedTo('twolinks@example.com');
      api.clock.now = new Date(start.getTime() + MINUTE);
      await forgot('twolinks@example.com');
      const newer = await tokenMailedTo('twolinks@example.com');
      expect(newer).not.toBe(older);
      expect((await check(older)).status).toBe(200);
      api.clock.now = new Date(start.getTime() + 2 * MINUTE);
      expect((await reset(newer)).status).toBe(200);
      const head = await api.head();
      for (const response of [await check(older), await reset(older, 'Another3Pass')]) {
        expect(response.status).toBe(400);
        expect(response.body['message']).toBe(INVALID_RESET_LINK_MESSAGE);
      }
      expect(await api.head()).toBe(head);
      expect((await login('twolinks@example.com', NEW_PASSWORD)).status).toBe(200);
    } finally {
      api.clock.now = start;
    }
  });

  it('spends every link mailed before the member changed the password while signed in', async () => {
    const userId = await api.seedUser({ email: 'changed@example.com', password: PASSWORD });
    const start = api.clock.now;
    try {
      await forgot('changed@example.com');
      const link = await tokenMailedTo('changed@example.com');
      api.clock.now = new Date(start.getTime() + MINUTE);
      const changed = await api.send('PUT', '/users/password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, { authorization: api.bearer(userId) });
      expect(changed.status).toBe(200);
      const refused = await reset(link, 'Attacker9x');
      expect(refused.status).toBe(400);
      expect(refused.body['message']).toBe(INVALID_RESET_LINK_MESSAGE);
      expect((await check(link)).status).toBe(400);
      expect((await login('changed@example.com', NEW_PASSWORD)).status).toBe(200);
      // A link asked for after the change works as usual.
      api.clock.now = new Date(start.getTime() + 2 * MINUTE);
      await forgot('changed@example.com');
      expect((await check(await tokenMailedTo('changed@example.com'))).status).toBe(200);
    } finally {
      api.clock.now = start;
    }
  });
});
