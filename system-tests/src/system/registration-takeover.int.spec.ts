import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct, type RunningProduct } from './product.js';
import { signedInAdmin } from './accounts.js';
import { linkIn, waitForMail, waitForMails } from './outbox.js';

/**
 * Issue 23, item 1: someone registers an email they cannot read before its owner does. Through the
 * gateway on the real services: the owner's confirmed registration owns the account (its name and
 * password), the first registrant's password is refused, and no mail before confirmation names anyone.
 */
describe('a registration of an email before its owner registers it', () => {
  let product: RunningProduct;
  let base: string;
  let admin: string;

  beforeAll(async () => {
    product = await startProduct('takeover', { upWithinMs: 170_000 });
    base = product.base;
    admin = await signedInAdmin(base, product.schemas);
  }, 180_000);

  afterAll(async () => {
    await product?.stop();
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const tokenOf = (mail: { text: string; subject: string; to: string; html: string }) => linkIn(mail, '/verify-email').searchParams.get('token') ?? '';

  it('leaves the account to the registration whose link is confirmed: the owner signs in, the first registrant cannot', async () => {
    const email = `victim-${randomUUID().slice(0, 8)}@example.com`;
    const squatter = { firstName: 'Mallory', lastName: 'Squatter', email, password: 'Squatter-pass1' };
    const owner = { firstName: 'Grace', lastName: 'Hopper', email, password: 'Compiler1952' };

    expect((await post('/auth/register', squatter)).status).toBe(201);
    // The squatter cannot read this mail; the test reads it only to tell the two links apart.
    const squattersLink = tokenOf(await waitForMail(product.dataDir, email, 'Confirm your email'));
    expect((await post('/auth/register', owner)).status).toBe(201);
    const mails = await waitForMails(product.dataDir, email, 'Confirm your email', 2);
    const ownersMail = mails.find((mail) => tokenOf(mail) !== squattersLink);
    if (!ownersMail) throw new Error('no second confirmation link');

    // Mails before confirmation greet no one by name (the squatter's name never reaches the owner).
    for (const mail of mails) {
      expect(mail.text.startsWith('Hello,\n')).toBe(true);
      for (const name of ['Mallory', 'Squatter', 'Grace', 'Hopper']) expect(`${mail.text}${mail.html}`).not.toContain(name);
    }

    // The older link is dead; the owner's confirms the owner's registration.
    expect((await post('/auth/verify-email', { token: squattersLink })).status).toBe(400);
    const confirmed = await post('/auth/verify-email', { token: tokenOf(ownersMail) });
    expect(confirmed.status).toBe(200);
    const { position } = (await confirmed.json()) as { position: string };

    // Admins see the owner's name, and approve.
    const pending = await fetch(`${base}/api/users/pending?limit=50`, { headers: { 'x-min-position': position, authorization: admin } });
    const { users } = (await pending.json()) as { users: Array<{ id: string; email: string; firstName: string; lastName: string; emailVerified: boolean }> };
    const account = users.find((user) => user.email === email);
    expect(account).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', emailVerified: true });
    expect((await post(`/users/${account?.id ?? ''}/approve`, {}, { authorization: admin })).status).toBe(200);

    expect((await post('/auth/login', { email, password: owner.password })).status).toBe(200);
    expect((await post('/auth/login', { email, password: squatter.password })).status).toBe(401);
  });
});
