import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailReservationStreamId } from '@concierge/domain/identity/registration/email-reservation';
import { startIdentityApi, type IdentityApi } from './testing/harness.js';

const PASSWORD = 'Analytical1';
/** A lone high surrogate: JSON can carry it (`"\ud800"`), but it is no Unicode text and PostgreSQL refuses it. */
const BROKEN = 'A\ud800b';

describe('ill-formed text (lone UTF-16 surrogates) is refused at the edge', () => {
  let api: IdentityApi;

  beforeAll(async () => {
    api = await startIdentityApi('illformed', { mail: true });
  });
  afterAll(async () => {
    await api?.close();
  });

  const expectRefused = (response: { status: number; body: Record<string, unknown> }, field: string) => {
    expect(response.status).toBe(400);
    expect(response.body['message']).toBe(`The field ${field} contains a broken character (half of an emoji or symbol, often left by copy and paste). Please retype it.`);
    expect(response.body['errors']).toEqual([{ field, message: response.body['message'] }]);
  };

  it('answers a registration with a broken first name 400, appending nothing and reserving no email', async () => {
    const before = await api.head();
    const response = await api.send('POST', '/auth/register', { firstName: BROKEN, lastName: 'Lovelace', email: 'broken@example.com', password: PASSWORD });
    expectRefused(response, 'firstName');
    expect(await api.head()).toBe(before);
    expect(await api.store.readStream(emailReservationStreamId('broken@example.com'))).toEqual([]);
    // The same person retyping the name registers at once: no orphan reservation stands in the way.
    const retry = await api.send('POST', '/auth/register', { firstName: 'Ab', lastName: 'Lovelace', email: 'broken@example.com', password: PASSWORD });
    expect(retry.status).toBe(201);
  });

  it('refuses broken text in a profile update, a password, a nested value and an object key', async () => {
    const userId = await api.seedUser({ email: 'ada@example.com', password: PASSWORD });
    const member = { authorization: api.bearer(userId) };
    const before = await api.head();
    expectRefused(await api.send('PUT', '/users/profile', { firstName: 'Ada', lastName: BROKEN }, member), 'lastName');
    expectRefused(await api.send('POST', '/auth/login', { email: 'ada@example.com', password: `${PASSWORD}\udfff` }), 'password');
    expectRefused(await api.send('PUT', '/users/profile', { firstName: 'Ada', lastName: 'L', extra: { deep: ['ok', BROKEN] } }, member), 'extra.deep.1');
    const keyed = await api.send('PUT', '/users/profile', `{"firstName":"Ada","lastName":"L","x\\udc00":1}`, member);
    expect(keyed.status).toBe(400);
    expect(await api.head()).toBe(before);
  });

  it('refuses bytes that are not UTF-8 with the same 400, naming the field, instead of storing U+FFFD', async () => {
    const userId = await api.seedUser({ email: 'latin@example.com', password: PASSWORD });
    const sendBytes = (method: string, path: string, parts: Array<string | number[]>, headers: Record<string, string> = {}) =>
      fetch(`${api.url}/api${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...headers },
        body: Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : Buffer.from(part)))),
      }).then(async (response) => ({ status: response.status, body: (await response.json()) as Record<string, unknown> }));
    const member = { authorization: api.bearer(userId) };
    // Records the session (an event) before the count is taken; the profile is unchanged, so nothing else is appended.
    expect((await api.send('PUT', '/users/profile', { firstName: 'Ada', lastName: 'Lovelace' }, member)).status).toBe(200);
    const before = await api.head();
    // "Zoë" as Latin-1 (0xEB), an encoded surrogate, and a sequence cut short.
    const register = await sendBytes('POST', '/auth/register', ['{"firstName":"Zo', [0xeb], `","lastName":"Lovelace","email":"zoe@example.com","password":"${PASSWORD}"}`]);
    expectRefused(register, 'firstName');
    expectRefused(await sendBytes('PUT', '/users/profile', ['{"firstName":"Ada","lastName":"L', [0xed, 0xa0, 0x80], '"}'], member), 'lastName');
    const keyed = await sendBytes('PUT', '/users/profile', ['{"firstName":"Ada","lastName":"L","x', [0xe2, 0x82], '":1}'], member);
    expect([keyed.status, keyed.body['message']]).toEqual([400, expect.stringContaining('contains a broken character')]);
    // Outside any string the body as a whole is refused.
    expectRefused(await sendBytes('POST', '/auth/login', ['{"email":"latin@example.com",', [0xff], '"password":"x"}']), 'body');
    expect(await api.head()).toBe(before);
    expect(await api.store.readStream(emailReservationStreamId('zoe@example.com'))).toEqual([]);
    // A real U+FFFD typed by a person is text like any other.
    const typed = await api.send('PUT', '/users/profile', { firstName: 'Ada', lastName: 'L\ufffd' }, member);
    expect(typed.status).toBe(200);
  });

  it('refuses broken text in the query string and in path parameters too', async () => {
    // Percent-encoded surrogates are not UTF-8: the path is refused before any route runs.
    const path = await api.send('GET', '/auth/reset-password/%ED%A0%80');
    expect(path.status).toBe(400);
    const adminId = await api.seedUser({ email: 'admin@example.com', password: PASSWORD, role: 'admin' });
    const query = await api.send('PUT', `/users/${adminId}/approve?note=%ED%A0%80`, undefined, { authorization: api.bearer(adminId, 'admin') });
    expect(query.status).toBeLessThan(500);
  });
});
