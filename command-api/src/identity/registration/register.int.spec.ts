import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { createPgEventStore } from '@concierge/platform/event-store/postgres/pg-event-store';
import type { EventStore } from '@concierge/platform/event-store/port';
import { listen, postJson } from '@concierge/platform/testing/http';
import { testKeys } from '@concierge/platform/testing/keys';
import { createTestSchemas, type TestSchemas } from '@concierge/platform/testing/postgres';
import { createCommandApp } from '../../app.js';
import { argon2idHasher } from '../password-hasher.js';
import { emailReservationStreamId } from './register.js';
import { REGISTERED_MESSAGE } from './routes.js';

// Lowest argon2id cost the hasher accepts, to keep the suite fast; production uses 19 MiB.
const hasher = argon2idHasher({ memoryKiB: 8_192, timeCost: 1 });

describe('POST /api/auth/register', () => {
  let schemas: TestSchemas;
  let store: EventStore;
  let api: { url: string; close: () => Promise<void> };
  const register = (body: unknown) => postJson(`${api.url}/api/auth/register`, body);
  const valid = (email: string) => ({ firstName: 'Ada', lastName: 'Lovelace', email, password: 'Analytical1' });
  // Counted straight from the table: the store's $all view lags while other files write.
  const eventCount = async () => {
    const { rows } = await schemas.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${schemas.eventStoreSchema}.events`);
    return rows[0]?.n ?? 0;
  };

  beforeAll(async () => {
    schemas = await createTestSchemas('register');
    store = createPgEventStore({ pool: schemas.pool, connectionString: schemas.connectionString, schema: schemas.eventStoreSchema });
    api = await listen(createCommandApp({ eventStore: store, hasher, keys: testKeys(), logger: pino({ level: 'silent' }) }));
  });
  afterAll(async () => {
    await api.close();
    await schemas.drop();
  });

  it('registers a pending member, storing a hashed password and a reservation of the email', async () => {
    const response = await register({ ...valid(' Ada@Example.COM '), firstName: '  Ada ' });
    expect(response.status).toBe(201);
    expect(response.body['message']).toBe(REGISTERED_MESSAGE);
    expect(response.body['position']).toMatch(/^\d+-\d+$/);
    const userId = String(response.body['userId']);
    const [registered] = await store.readStream(`user-${userId}`);
    expect(registered?.type).toBe('UserRegistered');
    expect(registered?.data).toMatchObject({ userId, firstName: 'Ada', email: 'ada@example.com', role: 'user' });
    expect(String(registered?.data['passwordHash'])).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(registered?.data)).not.toContain('Analytical1');
    const [reservation] = await store.readStream(emailReservationStreamId('ada@example.com'));
    expect(reservation?.data).toMatchObject({ email: 'ada@example.com', userId });
  });

  it('refuses a second account for the same email, whatever its case, and appends nothing', async () => {
    await register(valid('grace@example.com'));
    const before = await eventCount();
    const response = await register(valid('GRACE@example.com'));
    expect(response.status).toBe(409);
    expect(response.body['message']).toBe('An account with this email already exists.');
    expect(await eventCount()).toBe(before);
  });

  it('lets exactly one of many simultaneous registrations of one email succeed', async () => {
    const responses = await Promise.all(Array.from({ length: 8 }, () => register(valid('race@example.com'))));
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 409)).toHaveLength(7);
  });

  it('completes a registration whose email was reserved by an attempt that crashed before writing the account', async () => {
    const streamId = emailReservationStreamId('orphan@example.com');
    const { randomUUID } = await import('node:crypto');
    const orphanId = randomUUID();
    const now = new Date().toISOString();
    await store.appendToStream(
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
    expect(response.body['userId']).toBe(orphanId);
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

  it.each(badInputs)('answers %s with 400, the SPEC message, and appends nothing', async (_label, body, message) => {
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
