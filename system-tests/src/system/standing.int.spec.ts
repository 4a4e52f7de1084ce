import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signedInAdmin, signIn, type Session } from './accounts.js';
import { startProduct, type RunningProduct } from './product.js';

/**
 * An access token says who its bearer was when it was signed; every request is checked against
 * who they are now. Through the real processes: the command API, the query API (standing from the
 * access projection in the workers) and the change notices between them over Redis.
 */
describe('access follows the account at once', () => {
  let product: RunningProduct;
  let admin: string;

  const call = async (method: string, path: string, authorization: string, body?: unknown) => {
    const response = await fetch(`${product.base}/api${path}`, {
      method,
      headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, message: text ? (JSON.parse(text) as { message?: string }).message : undefined };
  };
  const me = (session: Session) => call('GET', '/auth/me', session.authorization);
  /** Accounts here are written straight to the event store: their read models follow within moments. */
  const projected = (session: Session) => expect.poll(async () => (await me(session)).status, { timeout: 10_000, interval: 50 }).toBe(200);
  const saveAddress = (session: Session, n: number) =>
    call('POST', '/withdrawals/addresses', session.authorization, { label: `A${n}`, address: `0x${String(n).padStart(40, '0')}` });
  const refresh = (session: Session) =>
    fetch(`${product.base}/api/auth/refresh-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: session.refreshToken }),
    }).then((r) => r.status);

  beforeAll(async () => {
    product = await startProduct('standing');
    admin = await signedInAdmin(product.base, product.schemas);
  }, 60_000);
  afterAll(async () => {
    await product?.stop();
  });

  it("refuses a suspended member's existing tokens on the very next request, on both APIs", async () => {
    const memberId = await createAccount(product.schemas, 'suspended@example.com');
    const member = await signIn(product.base, 'suspended@example.com');
    await projected(member);
    expect((await saveAddress(member, 1)).status).toBe(201);

    expect((await call('PUT', `/users/${memberId}`, admin, { status: 'suspended' })).status).toBe(200);
    const suspended = { status: 403, message: 'Your account has been suspended. Please contact support.' };
    expect(await me(member)).toEqual(suspended);
    expect(await saveAddress(member, 2)).toEqual(suspended);
    expect(await refresh(member)).toBe(403);
  });

  it("refuses a demoted admin's existing token on the very next request, and their refresh token", async () => {
    const otherId = await createAccount(product.schemas, 'second-admin@example.com', 'admin');
    const other = await signIn(product.base, 'second-admin@example.com');
    await projected(other);
    expect((await call('GET', '/users?limit=1', other.authorization)).status).toBe(200);

    expect((await call('PUT', `/users/${otherId}`, admin, { role: 'user' })).status).toBe(200);
    const ended = { status: 401, message: 'Your session has ended. Please sign in again.' };
    expect(await call('GET', '/users?limit=1', other.authorization)).toEqual(ended);
    expect(await call('POST', '/deposits', other.authorization, {})).toEqual(ended);
    expect(await refresh(other)).toBe(401);
    // Signing in again gives the new role, and only its powers.
    const again = await signIn(product.base, 'second-admin@example.com');
    expect((await call('GET', '/users?limit=1', again.authorization)).status).toBe(403);
    expect((await me(again)).status).toBe(200);
  });

  it('ends one device on sign-out and every device on sign-out everywhere, for access and refresh tokens alike', async () => {
    await createAccount(product.schemas, 'two-devices@example.com');
    const phone = await signIn(product.base, 'two-devices@example.com');
    const laptop = await signIn(product.base, 'two-devices@example.com');
    await projected(laptop);
    const signOut = await fetch(`${product.base}/api/auth/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: phone.refreshToken }),
    });
    expect(signOut.status).toBe(200);
    expect((await me(phone)).status).toBe(401);
    expect((await saveAddress(phone, 3)).status).toBe(401);
    expect(await refresh(phone)).toBe(401);
    expect((await me(laptop)).status).toBe(200);

    expect((await call('POST', '/auth/logout-everywhere', laptop.authorization, {})).status).toBe(200);
    expect((await me(laptop)).status).toBe(401);
    expect((await saveAddress(laptop, 4)).status).toBe(401);
    expect(await refresh(laptop)).toBe(401);
    expect((await me(await signIn(product.base, 'two-devices@example.com'))).status).toBe(200);
  });

  it("ends the other devices' sessions when the password changes, and keeps the device that changed it", async () => {
    await createAccount(product.schemas, 'new-password@example.com');
    const kept = await signIn(product.base, 'new-password@example.com');
    const other = await signIn(product.base, 'new-password@example.com');
    await projected(kept);
    const changed = await fetch(`${product.base}/api/users/password`, {
      method: 'PUT',
      headers: { authorization: kept.authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ currentPassword: 'Analytical1', newPassword: 'Difference2', confirmPassword: 'Difference2' }),
    });
    expect(changed.status).toBe(200);
    const { token } = (await changed.json()) as { token: string };
    expect((await me(other)).status).toBe(401);
    expect(await refresh(other)).toBe(401);
    expect((await call('GET', '/auth/me', `Bearer ${token}`)).status).toBe(200);
  });
});
