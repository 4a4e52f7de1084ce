import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOrCreateDevKeys } from '@concierge/platform/auth/keys';
import { bearerFor } from '@concierge/platform/testing/keys';
import { createTestSchemas, type TestSchemas } from '@concierge/platform/testing/postgres';
import { startServices } from '../services.mjs';
import { freePort } from './free-port.js';

/** The registration slice through the real processes and the one origin, as `npm start` runs them. */
describe('registration slice through the gateway', () => {
  let schemas: TestSchemas;
  let services: ReturnType<typeof startServices>;
  let base: string;
  let admin: string;
  const output: string[] = [];

  beforeAll(async () => {
    schemas = await createTestSchemas('slice');
    const [gateway, command, query] = await Promise.all([freePort(), freePort(), freePort()]);
    base = `http://127.0.0.1:${gateway}`;
    const dataDir = mkdtempSync(join(tmpdir(), 'concierge-slice-'));
    // The services use the development key pair of DATA_DIR; the test signs an admin token with it.
    admin = bearerFor(loadOrCreateDevKeys(join(dataDir, 'keys')), { sub: 'admin-1', role: 'admin' });
    services = startServices({
      mode: 'source',
      write: (line) => void output.push(line),
      env: {
        PORT: String(gateway),
        COMMAND_API_PORT: String(command),
        QUERY_API_PORT: String(query),
        COMMAND_API_URL: `http://127.0.0.1:${command}`,
        QUERY_API_URL: `http://127.0.0.1:${query}`,
        DATABASE_URL: schemas.connectionString,
        EVENT_STORE_SCHEMA: schemas.eventStoreSchema,
        READ_STORE_SCHEMA: schemas.readStoreSchema,
        QUEUE_PREFIX: `test-slice-${randomUUID().slice(0, 8)}`,
        // The lowest argon2id cost the service accepts, to keep the suite quick.
        ARGON2_MEMORY_KIB: '8192',
        ARGON2_TIME_COST: '1',
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
      },
    });
    const deadline = Date.now() + 45_000;
    for (;;) {
      const ok = await fetch(`${base}/api/health`).then((r) => r.ok, () => false);
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`services did not come up:\n${output.join('')}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 60_000);

  afterAll(async () => {
    await services?.stop();
    await schemas?.drop();
  });

  it('shows a newly registered member in the pending list as soon as the client asks with the returned position', async () => {
    const email = `slice-${randomUUID().slice(0, 8)}@example.com`;
    const registered = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Grace', lastName: 'Hopper', email, password: 'Compiler1952' }),
    });
    expect(registered.status).toBe(201);
    const { position, userId } = (await registered.json()) as { position: string; userId: string };

    const anonymous = await fetch(`${base}/api/users/pending?limit=10`);
    expect(anonymous.status).toBe(401);
    const pending = await fetch(`${base}/api/users/pending?limit=10`, { headers: { 'x-min-position': position, authorization: admin } });
    expect(pending.status).toBe(200);
    expect(pending.headers.get('x-position-reached')).toBe('true');
    const body = (await pending.json()) as { users: Array<Record<string, unknown>>; total: number };
    expect(body.users).toContainEqual(
      expect.objectContaining({ _id: userId, id: userId, email, firstName: 'Grace', lastName: 'Hopper', status: 'pending', role: 'user' }),
    );
    expect(body.total).toBe(1);
    expect(JSON.stringify(body)).not.toContain('passwordHash');
  });

  it('answers bad input, bad positions and unknown routes with clear 4xx problems', async () => {
    const bad = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'A', lastName: 'B', email: 'a@b.co', password: 'short' }),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe('Password must be at least 8 characters');

    const badPosition = await fetch(`${base}/api/users/pending`, { headers: { 'x-min-position': 'yesterday', authorization: admin } });
    expect(badPosition.status).toBe(400);

    const badLimit = await fetch(`${base}/api/users/pending?limit=0`, { headers: { authorization: admin } });
    expect(badLimit.status).toBe(400);
    expect(((await badLimit.json()) as { message: string }).message).toBe('limit must be at least 1');

    const unknown = await fetch(`${base}/api/no-such-thing`);
    expect(unknown.status).toBe(404);
  });
});
