import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_QUEUE } from '@concierge/contracts';
import { bullmqMailOutbox, MAIL_UNAVAILABLE_MESSAGE } from '../mail-outbox.js';
import { startIdentityApi, type IdentityApi } from '../testing/harness.js';

describe('forgot password while Redis is down', () => {
  let api: IdentityApi;
  // A real client on a port nothing listens on, configured as the command API configures its queue.
  const connection = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: null, retryStrategy: () => 200 });
  connection.on('error', () => undefined);
  const queue = new Queue(MAIL_QUEUE, { connection, prefix: 'test-mail-outage' });
  queue.on('error', () => undefined);

  beforeAll(async () => {
    api = await startIdentityApi('mailoutage', { mailOutbox: bullmqMailOutbox(queue, { timeoutMs: 500 }) });
  });
  afterAll(async () => {
    await api?.close();
    connection.disconnect();
  });

  it('answers 503 with Retry-After and a plain message within the enqueue timeout, instead of hanging', async () => {
    await api.seedUser({ email: 'ada@example.com', password: 'Analytical1' });
    const started = Date.now();
    const response = await api.send('POST', '/auth/forgot-password', { email: 'ada@example.com' });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('60');
    expect(response.body['message']).toBe(MAIL_UNAVAILABLE_MESSAGE);
  });
});
