import { Writable } from 'node:stream';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logging/logger.js';
import { listen, postJson } from '../testing/http.js';
import { createApiApp } from './base-app.js';

describe('request ids in an API', () => {
  let api: Awaited<ReturnType<typeof listen>>;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const logger = createLogger('api', 'info', stream);
    const router = express.Router();
    // A handler that logs after its body was parsed and after an await, as command handlers do.
    router.post('/auth/login', async (req, res) => {
      await new Promise((resolve) => setTimeout(resolve, 2));
      logger.info({ fields: Object.keys(req.body as object) }, 'handler ran');
      res.json({ ok: true });
    });
    router.get('/auth/me', () => {
      throw new Error('boom');
    });
    api = await listen(createApiApp({ logger, routers: [router] }));
  });

  afterAll(async () => {
    await api.close();
  });

  const linesOf = (requestId: string) => lines.filter((line) => line['requestId'] === requestId);

  it('answers the id it was given and writes it on the handler\'s line and on the request line', async () => {
    const answer = await postJson(`${api.url}/api/auth/login`, { email: 'a@example.com', password: 'SECRET-pw' }, { 'x-request-id': 'client-req.1:a' });

    expect(answer.headers.get('x-request-id')).toBe('client-req.1:a');
    await expect.poll(() => linesOf('client-req.1:a').map((line) => line['msg'])).toEqual(['handler ran', 'POST /api/auth/login 200']);
    const [, requestLine] = linesOf('client-req.1:a');
    expect(requestLine).toMatchObject({ req: { method: 'POST', route: '/api/auth/login' }, res: { statusCode: 200 } });
    expect(JSON.stringify(lines)).not.toContain('SECRET');
  });

  it('replaces an ill-formed or overlong id with a new one and logs the failure under it', async () => {
    const forged = await fetch(`${api.url}/api/auth/me`, { headers: { 'x-request-id': 'a"b\\n{"level":60}' } });
    const long = await fetch(`${api.url}/api/auth/me`, { headers: { 'x-request-id': 'x'.repeat(129) } });

    for (const answer of [forged, long]) {
      const id = answer.headers.get('x-request-id') ?? '';
      expect(answer.status).toBe(500);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      await expect.poll(() => linesOf(id).map((line) => line['msg'])).toEqual(['request failed', 'GET /api/auth/me 500']);
    }
  });

  it('logs a path no route takes without its query or a token-long segment', async () => {
    await fetch(`${api.url}/api/nope/${'t'.repeat(43)}?token=SECRET-q`, { headers: { 'x-request-id': 'nope-1' } });

    await expect.poll(() => linesOf('nope-1')).toHaveLength(1);
    expect(linesOf('nope-1')[0]).toMatchObject({ req: { path: '/api/nope/…' }, res: { statusCode: 404 } });
  });
});
