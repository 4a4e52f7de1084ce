import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '@concierge/platform/testing/postgres';
import { findUserByEmail } from '../user/find-user.js';
import { startIdentityApi, testHasher, type IdentityApi } from '../testing/harness.js';
import { ensureAdmin, InvalidAdminInputError } from './ensure-admin.js';

const PASSWORD = 'Analytical1';
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

describe('ensuring an admin account (ensureAdmin, npm run create-admin)', () => {
  let api: IdentityApi;
  const ensure = (email: string, password = PASSWORD) =>
    ensureAdmin({ eventStore: api.store, hasher: testHasher }, { email, password, firstName: 'Root', lastName: 'Admin' });
  const login = (email: string, password = PASSWORD) => api.send('POST', '/auth/login', { email, password });

  beforeAll(async () => {
    api = await startIdentityApi('ensureadmin');
  });
  afterAll(async () => {
    await api?.close();
  });

  it('registers, approves and promotes a new admin as the system, once', async () => {
    const first = await ensure('Root@Example.com');
    expect(first).toMatchObject({ created: true, changed: true, position: expect.objectContaining({}) });
    const events = await api.store.readStream(`user-${first.userId}`);
    expect(events.map((e) => e.type)).toEqual(['UserRegistered', 'UserApproved', 'UserRoleChanged']);
    for (const event of events) expect(event.metadata.actor).toEqual({ type: 'system', reason: 'create-admin' });
    const signedIn = await login('root@example.com');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body['user']).toMatchObject({ role: 'admin', status: 'approved', firstName: 'Root' });

    const head = await api.head();
    const second = await ensure('root@example.com');
    expect(second).toEqual({ userId: first.userId, created: false, changed: false, position: null });
    expect(await api.head()).toBe(head);
  });

  it('promotes an existing account without touching its password', async () => {
    const userId = await api.seedUser({ email: 'existing@example.com', password: PASSWORD, status: 'suspended' });
    const result = await ensure('existing@example.com', 'Ignored-pass1');
    expect(result).toMatchObject({ userId, created: false, changed: true });
    const user = await findUserByEmail(api.store, 'existing@example.com');
    expect(user).toMatchObject({ status: 'approved', role: 'admin' });
    expect((await login('existing@example.com')).status).toBe(200);
  });

  it('refuses a password that breaks the rules', async () => {
    await expect(ensure('weak@example.com', 'weak')).rejects.toThrow(InvalidAdminInputError);
    expect(await findUserByEmail(api.store, 'weak@example.com')).toBeUndefined();
  });

  it('works from the command line, and a second run changes nothing', { timeout: 120_000 }, () => {
    const env = {
      ...process.env,
      DATABASE_URL: TEST_DATABASE_URL,
      EVENT_STORE: 'postgres',
      READ_STORE: 'postgres',
      EVENT_STORE_SCHEMA: api.eventStoreSchema,
      READ_STORE_SCHEMA: api.readStoreSchema,
      ARGON2_MEMORY_KIB: '8192',
      ARGON2_TIME_COST: '1',
      LOG_LEVEL: 'silent',
    };
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['--conditions=source', '--import', 'tsx', 'command-api/src/cli/create-admin.ts', ...args], {
        cwd: ROOT,
        env,
        encoding: 'utf8',
        timeout: 60_000,
      });
    const args = ['--email', 'cli@example.com', '--password', PASSWORD, '--first-name', 'Cli', '--last-name', 'Admin'];
    const first = run(...args);
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/^cli@example\.com \(user [\w-]+\) created as an approved admin\.\n$/);
    const second = run(...args);
    expect(second.status).toBe(0);
    expect(second.stdout).toContain('is already an approved admin; nothing changed');
    const usage = run('--email', 'cli@example.com');
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run create-admin');
  });
});
