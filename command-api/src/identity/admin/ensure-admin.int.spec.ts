import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '@concierge/platform/testing/postgres';
import { findUserByEmail } from '@concierge/domain/identity/user/find-user';
import { AccountNotOwnedError, EmailUnconfirmedError, ensureAdmin, InvalidAdminInputError } from '@concierge/domain/identity/admin/ensure-admin';
import { startIdentityApi, testHasher, type IdentityApi } from '../testing/harness.js';

const PASSWORD = 'Analytical1';
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

describe('ensuring an admin account (ensureAdmin, npm run create-admin)', () => {
  let api: IdentityApi;
  const ensure = (email: string, password = PASSWORD) =>
    ensureAdmin({ eventStore: api.store, hasher: testHasher, credentials: api.credentials }, { email, password, firstName: 'Root', lastName: 'Admin' });
  const login = (email: string, password = PASSWORD) => api.send('POST', '/auth/login', { email, password });

  /** A pending account whose confirmation link was mailed and never opened: registered as a member registers. */
  const registerUnconfirmed = async (email: string, password: string) => {
    const registered = await api.send('POST', '/auth/register', { firstName: 'Sly', lastName: 'Squatter', email, password });
    expect(registered.status).toBe(201);
    const user = await findUserByEmail({ eventStore: api.store }, email);
    expect(user?.emailVerified).toBe(false);
    return user?.userId ?? '';
  };

  beforeAll(async () => {
    // Registrations over HTTP mail a confirmation link; nobody reads it here.
    api = await startIdentityApi('ensureadmin', { mailOutbox: { send: async () => undefined } });
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
    expect(second).toEqual({ userId: first.userId, created: false, changed: false, takenOver: false, confirmedByOperator: false, position: null });
    expect(await api.head()).toBe(head);
  });

  it('never promotes an account registered first by someone else with their own password (the squatter)', async () => {
    const squatter = await api.seedUser({ email: 'future-admin@example.com', password: 'Squatter-pass1', status: 'pending' });
    const head = await api.head();
    await expect(ensure('future-admin@example.com', PASSWORD)).rejects.toThrow(AccountNotOwnedError);
    await expect(ensure('future-admin@example.com', PASSWORD)).rejects.toThrow(/future-admin@example\.com .*--take-over/);
    expect(await api.head(), 'nothing appended').toBe(head);
    expect(await findUserByEmail({ eventStore: api.store }, 'future-admin@example.com')).toMatchObject({ userId: squatter, status: 'pending', role: 'user' });
    expect((await login('future-admin@example.com', 'Squatter-pass1')).status).toBe(403);
  });

  it('promotes an existing account when the password given is its own, keeping that password', async () => {
    const userId = await api.seedUser({ email: 'existing@example.com', password: PASSWORD, status: 'suspended' });
    const result = await ensure('existing@example.com', PASSWORD);
    expect(result).toMatchObject({ userId, created: false, changed: true, takenOver: false });
    expect(await findUserByEmail({ eventStore: api.store }, 'existing@example.com')).toMatchObject({ status: 'approved', role: 'admin' });
    expect((await login('existing@example.com')).status).toBe(200);
  });

  it('takes an account over only when asked: new password, every session ended, the operator recorded', async () => {
    const userId = await api.seedUser({ email: 'taken@example.com', password: 'Squatter-pass1' });
    const squatterSession = await login('taken@example.com', 'Squatter-pass1');
    expect(squatterSession.status).toBe(200);
    const squatterAuth = { authorization: `Bearer ${String(squatterSession.body['token'])}` };
    expect((await api.send('POST', '/withdrawals/addresses', { label: 'x', address: `0x${'1'.repeat(40)}` }, squatterAuth)).status).toBe(201);

    api.clock.now = new Date(api.clock.now.getTime() + 1000);
    const result = await ensureAdmin({ eventStore: api.store, hasher: testHasher, credentials: api.credentials }, { email: 'taken@example.com', password: PASSWORD }, { takeOver: { operator: 'ops@host-1' } });
    expect(result).toMatchObject({ userId, created: false, changed: true, takenOver: true });
    const events = await api.store.readStream(`user-${userId}`);
    const setByOperator = events.find((e) => e.type === 'UserPasswordReplaced');
    expect(setByOperator?.data).toMatchObject({ userId, operator: 'ops@host-1' });
    expect(setByOperator?.metadata.actor).toEqual({ type: 'system', reason: 'create-admin --take-over by ops@host-1' });
    expect(JSON.stringify(events.map((e) => e.data))).not.toContain(PASSWORD);

    // The squatter's access token and refresh token are refused from the very next request.
    const next = await api.send('POST', '/withdrawals/addresses', { label: 'y', address: `0x${'2'.repeat(40)}` }, squatterAuth);
    expect(next).toMatchObject({ status: 401, body: { message: 'Your session has ended. Please sign in again.' } });
    expect((await api.send('POST', '/auth/refresh-token', { refreshToken: squatterSession.body['refreshToken'] })).status).toBe(401);
    expect((await login('taken@example.com', 'Squatter-pass1')).status).toBe(401);
    expect((await login('taken@example.com')).body['user']).toMatchObject({ role: 'admin', status: 'approved' });
  });

  it('finishes a take-over of an account whose email was never confirmed: confirmed in the operator\'s name, then approved as admin', async () => {
    const userId = await registerUnconfirmed('unconfirmed@example.com', 'Squatter-pass1');
    const head = await api.head();
    // Without --take-over nothing is appended, whether or not the password is the account's.
    await expect(ensure('unconfirmed@example.com', 'Squatter-pass1')).rejects.toThrow(EmailUnconfirmedError);
    await expect(ensure('unconfirmed@example.com', PASSWORD)).rejects.toThrow(AccountNotOwnedError);
    expect(await api.head(), 'nothing appended').toBe(head);

    const takeOver = { takeOver: { operator: 'ops@host-2' } };
    const result = await ensureAdmin({ eventStore: api.store, hasher: testHasher, credentials: api.credentials }, { email: 'unconfirmed@example.com', password: PASSWORD }, takeOver);
    expect(result).toMatchObject({ userId, created: false, changed: true, takenOver: true, confirmedByOperator: true });
    const events = (await api.store.readStream(`user-${userId}`)).slice(-4);
    expect(events.map((e) => e.type)).toEqual(['UserEmailVerified', 'UserPasswordReplaced', 'UserApproved', 'UserRoleChanged']);
    expect(events[0]?.data).toMatchObject({ userId, operator: 'ops@host-2' });
    for (const event of events) expect(event.metadata.actor).toEqual({ type: 'system', reason: 'create-admin --take-over by ops@host-2' });
    expect(await findUserByEmail({ eventStore: api.store }, 'unconfirmed@example.com')).toMatchObject({ status: 'approved', role: 'admin', emailVerified: true });
    expect((await login('unconfirmed@example.com')).body['user']).toMatchObject({ role: 'admin', status: 'approved' });
    // Run again: nothing left to do.
    const again = await ensureAdmin({ eventStore: api.store, hasher: testHasher, credentials: api.credentials }, { email: 'unconfirmed@example.com', password: PASSWORD }, takeOver);
    expect(again).toMatchObject({ changed: false, takenOver: false, confirmedByOperator: false });
  });

  it('refuses a password that breaks the rules', async () => {
    await expect(ensure('weak@example.com', 'weak')).rejects.toThrow(InvalidAdminInputError);
    expect(await findUserByEmail({ eventStore: api.store }, 'weak@example.com')).toBeUndefined();
  });

  /**
   * `npm run create-admin` against this file's schemas, as an operator runs it. Run without blocking
   * this process: a blocked event loop left this file's server with a keep-alive connection that it
   * closed the moment the next test's request went out on it (ECONNRESET in a full run).
   */
  const createAdmin = (...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> => {
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
    return new Promise((resolve) => {
      execFile(process.execPath, ['--conditions=source', '--import', 'tsx', 'command-api/src/cli/create-admin.ts', ...args], { cwd: ROOT, env, encoding: 'utf8', timeout: 60_000 }, (error, stdout, stderr) => {
        // A non-zero exit is an answer here, not a failure: its code is what the tests read.
        const status = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({ status, stdout, stderr });
      });
    });
  };

  it('works from the command line, refuses a squatted email unless told to take it over, and a second run changes nothing', { timeout: 120_000 }, async () => {
    const args = ['--email', 'cli@example.com', '--password', PASSWORD, '--first-name', 'Cli', '--last-name', 'Admin'];
    const first = await createAdmin(...args);
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/^cli@example\.com \(user [\w-]+\) created as an approved admin\.\n$/);
    const second = await createAdmin(...args);
    expect(second.status).toBe(0);
    expect(second.stdout).toContain('is already an approved admin; nothing changed');
    await api.seedUser({ email: 'squatted-cli@example.com', password: 'Squatter-pass1', status: 'pending' });
    const refused = await createAdmin('--email', 'squatted-cli@example.com', '--password', PASSWORD);
    expect(refused.status).toBe(3);
    expect(refused.stderr).toContain('An account for squatted-cli@example.com already exists with a different password');
    const takeOver = await createAdmin('--email', 'squatted-cli@example.com', '--password', PASSWORD, '--take-over');
    expect(takeOver.stderr).toBe('');
    expect(takeOver.status).toBe(0);
    expect(takeOver.stdout).toContain('taken over by');
    const usage = await createAdmin('--email', 'cli@example.com');
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run create-admin');
  });

  it('refuses an unconfirmed account from the command line, and finishes with --take-over', { timeout: 120_000 }, async () => {
    await registerUnconfirmed('unconfirmed-cli@example.com', PASSWORD);
    const refused = await createAdmin('--email', 'unconfirmed-cli@example.com', '--password', PASSWORD);
    expect(refused.status).toBe(3);
    expect(refused.stderr).toContain('its email address was never confirmed');
    const confirmed = await createAdmin('--email', 'unconfirmed-cli@example.com', '--password', PASSWORD, '--take-over');
    expect(confirmed.stderr).toBe('');
    expect(confirmed.status).toBe(0);
    expect(confirmed.stdout).toContain('is now an approved admin (its password is unchanged). Its email had never been confirmed: it is now, recorded as confirmed by');
  });
});
