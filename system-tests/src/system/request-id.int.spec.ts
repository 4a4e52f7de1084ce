import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgEventStore } from '@concierge/platform/event-store/postgres/pg-event-store';
import { START } from '@concierge/platform/event-store/position';
import { startProduct, type RunningProduct } from './product.js';

/** The JSON log lines one service printed (the supervisor prefixes each with `[service] `; the gateway runs as `web`). */
function linesOf(product: RunningProduct, service: string): Record<string, unknown>[] {
  const prefix = `[${service}] {`;
  return product.output.filter((line) => line.startsWith(prefix)).map((line) => JSON.parse(line.slice(service.length + 3)) as Record<string, unknown>);
}

const register = (base: string, headers: Record<string, string>) =>
  fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ firstName: 'Ada', lastName: 'Lovelace', email: `reqid-${randomUUID().slice(0, 8)}@example.com`, password: 'Engine1843x' }),
  });

/** One request followed by its X-Request-Id through every process of the product, as `npm start` runs them. */
describe('request ids from the gateway to the events and jobs a request starts', () => {
  let product: RunningProduct;

  beforeAll(async () => {
    product = await startProduct('reqid', { env: { LOG_LEVEL: 'info' } });
  }, 60_000);

  afterAll(async () => {
    await product?.stop();
  });

  it("carries the caller's id into the gateway's and command API's log lines, the answer, the appended event's correlation id and the mail job the worker logs", async () => {
    const requestId = `it-${randomUUID()}`;
    const answer = await register(product.base, { 'x-request-id': requestId });

    expect(answer.status).toBe(201);
    expect(answer.headers.get('x-request-id')).toBe(requestId);
    await expect.poll(() => linesOf(product, 'web').filter((line) => line['requestId'] === requestId).map((line) => line['msg'])).toEqual([
      'POST /api/auth/register 201',
    ]);
    await expect.poll(() => linesOf(product, 'command-api').filter((line) => line['requestId'] === requestId).map((line) => line['msg'])).toEqual([
      'POST /api/auth/register 201',
    ]);
    // Registration mails the confirmation link: the mail job carries the id and the worker logs it.
    await expect
      .poll(() => linesOf(product, 'workers').filter((line) => line['correlationId'] === requestId).map((line) => line['msg']), { timeout: 15_000 })
      .toEqual(['MAIL job started', 'MAIL job done']);

    const { pool, connectionString, eventStoreSchema } = product.schemas;
    const events = await createPgEventStore({ pool, connectionString, schema: eventStoreSchema }).readAll({ after: START, maxCount: 1_000 });
    const registered = events.filter((event) => event.type === 'UserRegistered' && event.metadata.correlationId === requestId);
    expect(registered).toHaveLength(1);
    // Nothing the request carried that is secret reached a log line.
    expect(product.output.join('')).not.toContain('Engine1843x');
  });

  it('gives a call without a usable id one new id, the same in the gateway, the command API and the answer', async () => {
    const answer = await register(product.base, { 'x-request-id': 'not allowed: spaces and "quotes"' });
    const assigned = answer.headers.get('x-request-id') ?? '';

    expect(assigned).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    await expect.poll(() => linesOf(product, 'command-api').some((line) => line['requestId'] === assigned)).toBe(true);
    expect(linesOf(product, 'web').some((line) => line['requestId'] === assigned)).toBe(true);
  });
});
