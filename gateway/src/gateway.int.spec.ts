import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Problem } from '@concierge/contracts';
import { createGateway, type GatewayDeps } from './gateway.js';
import { listen, type RunningServer, send, startUpstream } from './testing/http.js';
import { route } from './testing/route.js';

const routes = [
  route('POST', '/auth/register', 'command'),
  // On the other side on purpose: a mix-up with /users/pending then shows as the wrong service.
  route('GET', '/users/:id', 'command'),
  route('GET', '/users/pending', 'query'),
  route('GET', '/slow', 'query'),
];

let command: Awaited<ReturnType<typeof startUpstream>>;
let query: Awaited<ReturnType<typeof startUpstream>>;
let gateway: RunningServer;
let staticDir: string;
const started: RunningServer[] = [];

async function startGateway(overrides: Partial<GatewayDeps> = {}): Promise<RunningServer> {
  const deps = { routes, commandApiUrl: command.url, queryApiUrl: query.url, staticDir, ...overrides };
  const server = await listen(createGateway(deps));
  started.push(server);
  return server;
}

/** A URL where nothing listens: a port that was free a moment ago. */
async function deadUrl(): Promise<string> {
  const server = await listen(() => undefined);
  await server.close();
  return server.url;
}

beforeAll(async () => {
  command = await startUpstream('command');
  query = await startUpstream('query', (req, res) => {
    // Never answers /api/slow, to exercise the gateway timeout.
    if (req.url === '/api/slow') return;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ servedBy: 'query' }));
  });
  staticDir = await mkdtemp(path.join(tmpdir(), 'gateway-static-'));
  await mkdir(path.join(staticDir, 'assets'));
  await writeFile(
    path.join(staticDir, 'index.html'),
    '<!doctype html><meta property="csp-nonce" nonce="__CSP_NONCE__"><title>Crypto Concierge</title>',
  );
  await writeFile(path.join(staticDir, 'assets', 'main-4f2a9c.js'), 'console.log(1)');
  gateway = await startGateway();
});

afterAll(async () => {
  await Promise.all([...started, command, query].map((server) => server.close()));
  await rm(staticDir, { recursive: true, force: true });
});

beforeEach(() => {
  command.received.length = 0;
  query.received.length = 0;
});

describe('gateway API routing', () => {
  it('forwards a command with its body, path, query and headers unchanged, and relays the answer', async () => {
    const body = JSON.stringify({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', password: 'secret123' });
    const reply = await send(`${gateway.url}/api/auth/register?ref=landing&x=%20y`, {
      method: 'POST',
      body,
      headers: {
        authorization: 'Bearer token-1',
        'content-type': 'application/json',
        'x-min-position': '42',
        'x-request-id': 'req-123',
        'x-forwarded-for': '6.6.6.6',
      },
    });

    expect(reply.status).toBe(201);
    expect(JSON.parse(reply.text)).toEqual({ servedBy: 'command', bytes: Buffer.byteLength(body) });
    expect(reply.headers['x-served-by']).toBe('command');
    expect(reply.headers['set-cookie']).toEqual(['a=1', 'b=2']);
    expect(query.received).toHaveLength(0);
    const [seen] = command.received;
    expect(seen).toMatchObject({ method: 'POST', url: '/api/auth/register?ref=landing&x=%20y' });
    expect(seen?.body.toString('utf8')).toBe(body);
    expect(seen?.headers).toMatchObject({
      authorization: 'Bearer token-1',
      'content-type': 'application/json',
      'x-min-position': '42',
      'x-request-id': 'req-123',
      'x-forwarded-proto': 'http',
    });
    // The browser cannot choose the address the services see (per-IP rate limits rely on it).
    expect(seen?.headers['x-forwarded-for']).toMatch(/127\.0\.0\.1$/);
  });

  it('sends GET /api/users/pending to its own route on the query API, not to /users/:id', async () => {
    const reply = await send(`${gateway.url}/api/users/pending?limit=5`);

    expect(reply.status).toBe(200);
    expect(query.received.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /api/users/pending?limit=5']);
    expect(command.received).toHaveLength(0);
  });

  it('answers an unknown API path with a 404 problem', async () => {
    const reply = await send(`${gateway.url}/api/xyz?a=1`, { headers: { accept: 'text/html' } });

    expect(reply.status).toBe(404);
    expect(reply.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(Problem.parse(JSON.parse(reply.text))).toEqual({
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      message: 'No API route GET /api/xyz',
    });
  });

  it('answers a known path with the wrong method with a 405 listing the allowed ones', async () => {
    const reply = await send(`${gateway.url}/api/auth/register`, { method: 'GET' });

    expect(reply.status).toBe(405);
    expect(reply.headers.allow).toBe('POST');
    expect(Problem.parse(JSON.parse(reply.text))).toEqual({
      type: 'about:blank',
      title: 'Method Not Allowed',
      status: 405,
      message: 'No API route GET /api/auth/register; this path accepts POST.',
    });
    expect(command.received).toHaveLength(0);
  });

  it('answers 503 with Retry-After, never a 502, while a service is not listening, and waits for it before the next call', async () => {
    const down = await startGateway({ commandApiUrl: await deadUrl(), upstreamStartWaitMs: 300 });
    const post = () => send(`${down.url}/api/auth/register`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    const first = await post();
    expect(first.status).toBe(503);
    expect(first.headers['retry-after']).toBe('2');
    expect(Problem.parse(JSON.parse(first.text))).toMatchObject({ title: 'Service Unavailable', status: 503, message: 'The service is starting. Please try again in a moment.' });

    const started = Date.now();
    const second = await post();
    expect(second.status).toBe(503);
    expect(Date.now() - started, 'the second call waited for the service first').toBeGreaterThanOrEqual(250);
  });

  it('holds a call without a body while its service starts and serves it once the service listens', async () => {
    const dead = new URL(await deadUrl());
    const late = await startGateway({ commandApiUrl: dead.href, upstreamStartWaitMs: 5_000 });
    const pending = send(`${late.url}/api/users/${'1'.repeat(8)}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"late":true}'));
    await new Promise<void>((resolve) => server.listen(Number(dead.port), '127.0.0.1', resolve));
    try {
      const reply = await pending;
      expect(reply.status).toBe(200);
      expect(JSON.parse(reply.text)).toEqual({ late: true });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('answers 504 when a service stays silent past the timeout', async () => {
    const impatient = await startGateway({ upstreamTimeoutMs: 200 });
    const reply = await send(`${impatient.url}/api/slow`);

    expect(reply.status).toBe(504);
    expect(reply.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(Problem.parse(JSON.parse(reply.text))).toMatchObject({ title: 'Gateway Timeout', status: 504 });
  });

  it('streams a 2 MB body through untouched, leaving limits to the service', async () => {
    const payload = randomBytes(2 * 1024 * 1024);
    const reply = await send(`${gateway.url}/api/auth/register`, {
      method: 'POST',
      body: payload,
      headers: { 'content-type': 'application/octet-stream' },
    });

    expect(reply.status).toBe(201);
    const [seen] = command.received;
    expect(seen?.body.length).toBe(payload.length);
    expect(sha256(seen?.body ?? Buffer.alloc(0))).toBe(sha256(payload));
  });
});

describe('gateway health', () => {
  it('reports ok when both services answer their health check', async () => {
    const reply = await send(`${gateway.url}/api/health`);

    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.text)).toEqual({ status: 'ok', services: { command: 'up', query: 'up' } });
  });

  it('reports 503 naming the service that is down', async () => {
    const degraded = await startGateway({ queryApiUrl: await deadUrl() });
    const reply = await send(`${degraded.url}/api/health`);

    expect(reply.status).toBe(503);
    expect(JSON.parse(reply.text)).toEqual({ status: 'unavailable', services: { command: 'up', query: 'down' } });
  });
});

describe('gateway static files', () => {
  it('serves index.html for an app path such as /user/dashboard, never stored', async () => {
    const reply = await send(`${gateway.url}/user/dashboard`, { headers: { accept: 'text/html,application/xhtml+xml' } });

    expect(reply.status).toBe(200);
    expect(reply.text).toContain('<title>Crypto Concierge</title>');
    expect(reply.headers['cache-control']).toBe('no-store');
  });

  it('caches hashed assets for good and keeps a missing asset a 404', async () => {
    const asset = await send(`${gateway.url}/assets/main-4f2a9c.js`);
    const missing = await send(`${gateway.url}/assets/main-000000.js`, { headers: { accept: '*/*' } });

    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(missing.status).toBe(404);
  });
});

function sha256(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}
