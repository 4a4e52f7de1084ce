import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct, type RunningProduct } from './product.js';
import { signedInAdmin } from './accounts.js';
import { linkIn, waitForMail } from './outbox.js';

/** The registration slice through the real processes and the one origin, as `npm start` runs them. */
describe('registration slice through the gateway', () => {
  let product: RunningProduct;
  let base: string;
  let admin: string;

  beforeAll(async () => {
    product = await startProduct('slice');
    base = product.base;
    admin = await signedInAdmin(base, product.schemas);
  }, 60_000);

  afterAll(async () => {
    await product?.stop();
  });

  it('shows a newly registered member in the pending list as soon as the client asks with the returned position, unconfirmed until the mailed link is opened', async () => {
    const email = `slice-${randomUUID().slice(0, 8)}@example.com`;
    const registered = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Grace', lastName: 'Hopper', email, password: 'Compiler1952' }),
    });
    expect(registered.status).toBe(201);
    const { position } = (await registered.json()) as { position: string };

    const anonymous = await fetch(`${base}/api/users/pending?limit=10`);
    expect(anonymous.status).toBe(401);
    const pending = await fetch(`${base}/api/users/pending?limit=10`, { headers: { 'x-min-position': position, authorization: admin } });
    expect(pending.status).toBe(200);
    expect(pending.headers.get('x-position-reached')).toBe('true');
    const body = (await pending.json()) as { users: Array<Record<string, unknown>>; total: number };
    expect(body.users).toContainEqual(
      expect.objectContaining({ email, firstName: 'Grace', lastName: 'Hopper', status: 'pending', role: 'user', emailVerified: false }),
    );
    expect(body.total).toBe(1);
    expect(JSON.stringify(body)).not.toContain('passwordHash');

    // The link travels command API -> MAIL queue -> workers -> mail; opening it confirms the email.
    const mail = await waitForMail(product.dataDir, email, 'Confirm your email');
    const token = linkIn(mail, '/verify-email').searchParams.get('token');
    const confirmed = await fetch(`${base}/api/auth/verify-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    expect(confirmed.status).toBe(200);
    const after = (await confirmed.json()) as { position: string };
    const again = await fetch(`${base}/api/users/pending?limit=10`, { headers: { 'x-min-position': after.position, authorization: admin } });
    expect(((await again.json()) as typeof body).users).toContainEqual(expect.objectContaining({ email, emailVerified: true }));
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
