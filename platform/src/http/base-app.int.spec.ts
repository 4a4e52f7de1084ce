import express from 'express';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from '../testing/http.js';
import { createApiApp } from './base-app.js';

describe('API shell', () => {
  let api: Awaited<ReturnType<typeof listen>>;

  beforeAll(async () => {
    const router = express.Router();
    router.post('/auth/login', (req, res) => {
      res.json({ token: 'secret-access-token', ip: req.ip });
    });
    router.get('/public-figures', (_req, res) => {
      res.setHeader('Cache-Control', 'public, max-age=60');
      res.json({ members: 3 });
    });
    api = await listen(createApiApp({ logger: pino({ level: 'silent' }), routers: [router] }));
  });

  afterAll(async () => {
    await api.close();
  });

  it('answers no-store unless a route chooses its own caching', async () => {
    const login = await fetch(`${api.url}/api/auth/login`, { method: 'POST' });
    const missing = await fetch(`${api.url}/api/nope`);
    const figures = await fetch(`${api.url}/api/public-figures`);

    expect(login.headers.get('cache-control')).toBe('no-store');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-store');
    expect(figures.headers.get('cache-control')).toBe('public, max-age=60');
  });

  it('takes the client address the gateway on this host forwards', async () => {
    const login = await fetch(`${api.url}/api/auth/login`, { method: 'POST', headers: { 'x-forwarded-for': '198.51.100.7' } });

    expect(((await login.json()) as { ip: string }).ip).toBe('198.51.100.7');
  });
});
