import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { startProduct, type RunningProduct } from './product.js';

const LIMIT = 3;
const started: RunningProduct[] = [];

/** The product with a per-IP sign-in limit of 3, and TRUST_PROXY as given (unset when undefined). */
async function productTrusting(trustProxy: string | undefined): Promise<RunningProduct> {
  const env: Record<string, string> = { RATE_LIMIT_LOGIN_PER_IP: String(LIMIT), ...(trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy }) };
  const product = await startProduct('clientaddr', { env });
  started.push(product);
  return product;
}

/** One sign-in attempt with a fresh email (so only the per-IP counter can refuse it); its status. */
async function signInFrom(product: RunningProduct, xForwardedFor?: string): Promise<number> {
  const response = await fetch(`${product.base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(xForwardedFor ? { 'x-forwarded-for': xForwardedFor } : {}) },
    body: JSON.stringify({ email: `nobody-${randomUUID().slice(0, 8)}@example.com`, password: 'Wrong-password-1' }),
  });
  await response.body?.cancel();
  return response.status;
}

afterAll(async () => {
  await Promise.all(started.map((product) => product.stop()));
});

/** The per-IP limits count the client's address as the gateway settles it, through the real processes. */
describe('per-IP limits behind a proxy', () => {
  it('gives two clients behind a trusted proxy a bucket each', async () => {
    // This test is the proxy: it connects from loopback and names the client it forwards.
    const product = await productTrusting('loopback');
    const first: number[] = [];
    for (let i = 0; i <= LIMIT; i += 1) first.push(await signInFrom(product, '198.51.100.1'));

    expect(first).toEqual([401, 401, 401, 429]);
    expect(await signInFrom(product, '198.51.100.2')).toBe(401);
    // A client that prepends an address of its choosing is still counted by the address the proxy saw.
    expect(await signInFrom(product, '203.0.113.50, 198.51.100.1')).toBe(429);
  }, 90_000);

  it('counts an IPv6 client by its /64, so stepping through it opens no new bucket', async () => {
    const product = started[0] ?? (await productTrusting('loopback'));
    const attempts: number[] = [];
    for (let i = 0; i <= LIMIT; i += 1) attempts.push(await signInFrom(product, `2001:db8:5:6::${i + 1}`));

    expect(attempts).toEqual([401, 401, 401, 429]);
    expect(await signInFrom(product, '2001:db8:5:7::1')).toBe(401);
  }, 90_000);

  it('without TRUST_PROXY keeps a client that makes up X-Forwarded-For in its own bucket', async () => {
    const product = await productTrusting(undefined);
    const spoofed: number[] = [];
    for (let i = 0; i <= LIMIT; i += 1) spoofed.push(await signInFrom(product, `203.0.113.${i + 1}`));

    expect(spoofed).toEqual([401, 401, 401, 429]);
    expect(await signInFrom(product)).toBe(429);
  }, 90_000);
});
