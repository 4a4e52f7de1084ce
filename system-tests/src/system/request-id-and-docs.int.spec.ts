import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgEventStore } from '@concierge/platform/event-store/postgres/pg-event-store';
import { START } from '@concierge/platform/event-store/position';
import { ensureChromium, failOnPolicyViolations, launchChromium, SCREENSHOT_DIR, VIEWPORTS } from '../browser/harness.js';
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

/**
 * The product as `npm start` runs it, seen by an operator and a client developer: one request
 * followed by its X-Request-Id through every process, and the API reference served through the gateway.
 */
describe('request ids from the gateway to the events and jobs a request starts, and the API reference', () => {
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

    expect(answer.status, product.output.slice(-20).join('')).toBe(201);
    expect(answer.headers.get('x-request-id')).toBe(requestId);
    const messages = (service: string, key: string) => linesOf(product, service).filter((line) => line[key] === requestId).map((line) => line['msg']);
    // The request's line in each service (a service still starting may add a warning under the same id).
    await expect.poll(() => messages('web', 'requestId')).toContain('POST /api/auth/register 201');
    await expect.poll(() => messages('command-api', 'requestId')).toContain('POST /api/auth/register 201');
    // Registration mails the confirmation link: the mail job carries the id and the worker logs it.
    await expect.poll(() => messages('workers', 'correlationId'), { timeout: 15_000 }).toEqual(expect.arrayContaining(['MAIL job started', 'MAIL job done']));

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
    const servicesLogging = () => ['web', 'command-api'].filter((service) => linesOf(product, service).some((line) => line['requestId'] === assigned));
    await expect.poll(servicesLogging).toEqual(['web', 'command-api']);
  });

  it("shows the API reference through the gateway, which Chromium renders under the gateway's Content-Security-Policy on a desktop and a phone", async () => {
    ensureChromium();
    const browser = await launchChromium();
    try {
      for (const [name, viewport] of Object.entries(VIEWPORTS)) {
        const page = await browser.newPage({ viewport });
        await failOnPolicyViolations(page);
        const answer = await page.goto(`${product.base}/api/docs`);
        expect(answer?.status()).toBe(200);
        await expect.poll(() => page.locator('#users\\.approve h3').textContent()).toBe('POST /api/users/{id}/approve');
        // The stylesheet applied: the method badge is a coloured block, not plain text.
        expect(await page.locator('#users\\.approve .method').evaluate((badge) => getComputedStyle(badge).display)).toBe('inline-block');
        const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(pageWidth, 'the page is no wider than the screen').toBeLessThanOrEqual(viewport.width);
        await page.screenshot({ path: join(SCREENSHOT_DIR, `api-reference-${name}.png`) });
        await page.close();
      }
    } finally {
      await browser.close();
    }
  });
});
