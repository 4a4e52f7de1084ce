import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailJob } from '@concierge/contracts';
import { findUserByEmail } from '@concierge/domain/identity/user/find-user';
import { emailReservationStreamId } from '@concierge/domain/identity/registration/email-reservation';
import { hashToken } from '@concierge/domain/identity/session/refresh-token';
import { startIdentityApi, type IdentityApi } from '../testing/harness.js';
import { EMAIL_VERIFIED_MESSAGE, REGISTERED_MESSAGE } from './routes.js';

describe('POST /api/auth/register', () => {
  let api: IdentityApi;
  const register = (body: unknown) => api.send('POST', '/auth/register', body);
  const confirm = (token: string) => api.send('POST', '/auth/verify-email', { token });
  const valid = (email: string) => ({ firstName: 'Ada', lastName: 'Lovelace', email, password: 'Analytical1' });
  const eventCount = async () => Number.parseInt(await api.head(), 10);
  /** The mail jobs the API queued for this address, oldest first. */
  const mailTo = async (email: string): Promise<MailJob[]> => {
    const jobs = (await api.mailQueue?.getJobs(['waiting', 'delayed', 'prioritized'])) ?? [];
    return jobs
      .sort((a, b) => a.timestamp - b.timestamp)
      .map((job) => job.data as MailJob)
      .filter((mail) => mail.to === email);
  };
  const tokenOf = (mail: MailJob | undefined) => {
    if (mail?.template !== 'verify-email') throw new Error(`no confirmation link in ${JSON.stringify(mail)}`);
    return new URL(mail.data.verifyUrl).searchParams.get('token') ?? '';
  };

  beforeAll(async () => {
    api = await startIdentityApi('register', { mail: true });
  });
  afterAll(async () => {
    await api?.close();
  });

  it('registers a pending member with an unconfirmed email, a hashed password, a reservation of the email and a link mailed', async () => {
    const response = await register({ ...valid(' Ada@Example.COM '), firstName: '  Ada ' });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ message: REGISTERED_MESSAGE, position: expect.stringMatching(/^\d+-\d+$/) });
    const user = await findUserByEmail({ eventStore: api.store }, 'ada@example.com');
    expect(user).toMatchObject({ status: 'pending', role: 'user', firstName: 'Ada', emailVerified: false });
    const userId = user?.userId ?? '';
    const events = await api.store.readStream(`user-${userId}`);
    expect(events.map((e) => e.type)).toEqual(['UserRegistered', 'UserEmailVerificationIssued']);
    // The password is named by its credential id: no hash in the event, the argon2id hash in the credential store.
    expect(events[0]?.data).not.toHaveProperty('passwordHash');
    const credentialId = String(events[0]?.data['passwordCredentialId']);
    expect(await api.credentials.get(credentialId)).toMatch(/^\$argon2id\$/);
    const [reservation] = await api.store.readStream(emailReservationStreamId('ada@example.com'));
    expect(reservation?.data).toMatchObject({ email: 'ada@example.com', userId });

    const [mail] = await mailTo('ada@example.com');
    expect(mail).toMatchObject({ template: 'verify-email' });
    expect(mail?.data).not.toHaveProperty('firstName');
    const token = tokenOf(mail);
    expect(token.startsWith(`${userId}.`)).toBe(true);
    // No secret, and no hash of one, in event data: the link's secret's hash is in the credential store.
    const stored = await api.storedText();
    expect(stored).not.toContain(token.split('.')[1]);
    expect(stored).not.toContain(hashToken(token.split('.')[1] ?? ''));
    expect(stored).not.toContain('$argon2id$');
    expect(stored).not.toContain('Analytical1');
  });

  it('answers a taken email exactly like a free one; the registration whose link is opened owns the account, not the first one', async () => {
    // Someone who cannot read grace@ registers it first, then its owner registers.
    const first = await register({ ...valid('grace@example.com'), firstName: 'Mallory', lastName: 'Squatter', password: 'Squatter-pass1' });
    const again = await register(valid('GRACE@example.com'));
    expect(again.status).toBe(first.status);
    expect(Object.keys(again.body).sort()).toEqual(Object.keys(first.body).sort());
    expect(again.body['message']).toBe(first.body['message']);
    const user = await findUserByEmail({ eventStore: api.store }, 'grace@example.com');
    const userId = user?.userId ?? '';

    // Unconfirmed: the owner gets a new link, no name in either mail, and only the newest link works.
    const [oldLink, newLink] = await mailTo('grace@example.com');
    for (const mail of [oldLink, newLink]) expect(mail?.data).not.toHaveProperty('firstName');
    expect((await confirm(tokenOf(oldLink))).status).toBe(400);
    const confirmed = await confirm(tokenOf(newLink));
    expect(confirmed).toMatchObject({ status: 200, body: { message: EMAIL_VERIFIED_MESSAGE } });
    expect((await confirm(tokenOf(oldLink))).status, 'the older link stays dead').toBe(400);
    expect(await findUserByEmail({ eventStore: api.store }, 'grace@example.com')).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', emailVerified: true });

    // Approved, the account signs in with the confirmed registration's password only.
    const admin = await api.seedUser({ email: `admin-${randomUUID().slice(0, 6)}@example.com`, password: 'Analytical1', role: 'admin' });
    expect((await api.send('POST', `/users/${userId}/approve`, {}, { authorization: api.bearer(admin, 'admin') })).status).toBe(200);
    expect((await api.send('POST', '/auth/login', { email: 'grace@example.com', password: 'Analytical1' })).status).toBe(200);
    expect((await api.send('POST', '/auth/login', { email: 'grace@example.com', password: 'Squatter-pass1' })).status).toBe(401);

    // Confirmed: a further attempt mails a notice with the sign-in and reset links, nothing else changes.
    const head = await eventCount();
    expect((await register(valid('grace@example.com'))).status).toBe(201);
    const notice = (await mailTo('grace@example.com')).at(-1);
    expect(notice).toMatchObject({ template: 'registration-repeated', data: { firstName: 'Ada' } });
    const types = (await api.store.readStream(`user-${user?.userId ?? ''}`)).map((e) => e.type);
    expect(types.at(-1)).toBe('UserRegistrationRepeated');
    expect(await eventCount()).toBe(head + 1);
    expect((await findUserByEmail({ eventStore: api.store }, 'grace@example.com'))?.emailVerified).toBe(true);
  });

  it('creates exactly one account when many registrations of one email race, answering each the same', async () => {
    const responses = await Promise.all(Array.from({ length: 8 }, () => register(valid('race@example.com'))));
    expect(responses.map((r) => r.status)).toEqual(Array(8).fill(201));
    const rows = JSON.parse(await api.storedText()) as { stream_id: string; data: Record<string, unknown> }[];
    const accounts = rows.filter((row) => row.stream_id.startsWith('user-') && row.data['email'] === 'race@example.com');
    expect(accounts).toHaveLength(1);
  });

  it('completes a registration whose email was reserved by an attempt that crashed before writing the account', async () => {
    const streamId = emailReservationStreamId('orphan@example.com');
    const orphanId = randomUUID();
    const now = new Date().toISOString();
    await api.store.appendToStream(
      streamId,
      [
        {
          id: randomUUID(),
          type: 'EmailReserved',
          data: { email: 'orphan@example.com', userId: orphanId, reservedAt: now },
          metadata: { actor: { type: 'system' }, correlationId: 'c', causationId: 'c', occurredAt: now, schemaVersion: 1 },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    const response = await register(valid('orphan@example.com'));
    expect(response.status).toBe(201);
    expect((await findUserByEmail({ eventStore: api.store }, 'orphan@example.com'))?.userId).toBe(orphanId);
  });

  it('confirms an email once with its link, refuses a wrong, foreign or expired link, and approval waits for it', async () => {
    await register(valid('linus@example.com'));
    const user = await findUserByEmail({ eventStore: api.store }, 'linus@example.com');
    const userId = user?.userId ?? '';
    const token = tokenOf((await mailTo('linus@example.com'))[0]);
    const admin = await api.seedUser({ email: `admin-${randomUUID().slice(0, 6)}@example.com`, password: 'Analytical1', role: 'admin' });
    const approve = () => api.send('POST', `/users/${userId}/approve`, {}, { authorization: api.bearer(admin, 'admin') });

    const refused = await approve();
    expect(refused).toMatchObject({ status: 409, body: { message: 'This person has not confirmed their email address yet, so the registration cannot be approved.' } });
    const setApproved = await api.send('PUT', `/users/${userId}`, { status: 'approved' }, { authorization: api.bearer(admin, 'admin') });
    expect(setApproved.status).toBe(409);

    const wrong = await confirm(`${userId}.${'x'.repeat(43)}`);
    expect(wrong).toMatchObject({ status: 400, body: { message: 'This confirmation link is invalid or has expired. Register again with the same email to receive a new one.' } });
    expect((await confirm(`${randomUUID()}.${token.split('.')[1] ?? ''}`)).status).toBe(400);
    expect((await confirm('not a token')).status).toBe(400);

    const saved = api.clock.now;
    api.clock.now = new Date(saved.getTime() + 3 * 24 * 3600 * 1000 + 1);
    expect((await confirm(token)).status).toBe(400);
    api.clock.now = saved;

    expect((await confirm(token)).status).toBe(200);
    const head = await eventCount();
    expect((await confirm(token)).status, 'a second click is harmless').toBe(200);
    // A confirmed account answers a wrong secret as an unconfirmed one does.
    expect(await confirm(`${userId}.${'x'.repeat(43)}`)).toMatchObject({ status: 400, body: { message: wrong.body['message'] } });
    expect(await eventCount()).toBe(head);
    expect((await approve()).status).toBe(200);
  });

  const badInputs: Array<[string, unknown, string]> = [
    ['missing fields', {}, 'First name is required'],
    ['a missing last name', { ...valid('x@example.com'), lastName: '' }, 'Last name is required'],
    ['wrong types', { firstName: 42, lastName: ['L'], email: true, password: 12345678 }, 'First name must be text'],
    ['an invalid email', valid('not-an-email'), 'Please enter a valid email'],
    ['a missing email', { ...valid('x@example.com'), email: undefined }, 'Email is required'],
    ['a short password', { ...valid('x@example.com'), password: 'Ab1' }, 'Password must be at least 8 characters'],
    ['no lowercase letter', { ...valid('x@example.com'), password: 'ABCDEFG1' }, 'Password must contain at least one lowercase letter'],
    ['no uppercase letter', { ...valid('x@example.com'), password: 'abcdefg1' }, 'Password must contain at least one uppercase letter'],
    ['no number', { ...valid('x@example.com'), password: 'Abcdefgh' }, 'Password must contain at least one number'],
    ['a JSON array body', [1, 2], 'The request must be a JSON object.'],
  ];

  it.each(badInputs)('answers %s with 400, the exact product message, and appends nothing', async (_label, body, message) => {
    const before = await eventCount();
    const response = await register(body);
    expect(response.status).toBe(400);
    expect(response.body['message']).toBe(message);
    expect(response.body['errors']).toEqual(expect.arrayContaining([expect.objectContaining({ message })]));
    expect(await eventCount()).toBe(before);
  });

  it('answers malformed JSON with 400 and a 1 MB body with 413 before parsing it, appending nothing', async () => {
    const before = await eventCount();
    const malformed = await register('{"firstName": "Ada",');
    expect(malformed.status).toBe(400);
    expect(malformed.body['message']).toBe('The request body is not valid JSON.');
    const huge = await register({ ...valid('big@example.com'), firstName: 'A'.repeat(1024 * 1024) });
    expect(huge.status).toBe(413);
    expect(huge.body['message']).toBe('The request body is too large (limit 100 kB).');
    expect(await eventCount()).toBe(before);
  });
});
