import { createServer } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, type GatewayDeps } from './gateway.js';
import { listen, send, startUpstream, type RunningServer } from './testing/http.js';
import { route } from './testing/route.js';

const routes = [route('POST', '/auth/register', 'command'), route('GET', '/users', 'query'), route('POST', '/cut', 'command'), route('GET', '/cut', 'query')];
const json = { 'content-type': 'application/json' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Upstream = Awaited<ReturnType<typeof startUpstream>>;
let a: Upstream;
let b: Upstream;
const started: RunningServer[] = [];

/** A replica that takes the whole call, then drops the connection without answering (a process dying mid-call). */
const cutting = (name: string) =>
  startUpstream(name, (req, res) => {
    if (req.url === '/health') return res.end('ok');
    res.socket?.destroy();
  });

/** A replica that got SIGTERM: its /health says so (as platform's serveHttp does), and it still serves. */
const draining = (name: string) =>
  startUpstream(name, (req, res) => {
    if (req.url === '/health') return res.writeHead(503, json).end('{"status":"draining"}');
    res.writeHead(200, json).end(JSON.stringify({ servedBy: name }));
  });

async function gatewayOver(commandApiUrl: string | string[], queryApiUrl: string | string[], overrides: Partial<GatewayDeps> = {}) {
  const server = await listen(createGateway({ routes, commandApiUrl, queryApiUrl, upstreamProbeMs: 50, ...overrides }));
  started.push(server);
  return server;
}

async function deadUrl(): Promise<string> {
  const server = await listen(() => undefined);
  await server.close();
  return server.url;
}

/** What a replica received (the stand-ins leave the gateways' health probes out). */
const calls = (upstream: Upstream) => upstream.received;
const servedBy = (text: string) => (JSON.parse(text) as { servedBy: string }).servedBy;

beforeAll(async () => {
  a = await startUpstream('a');
  b = await startUpstream('b');
});

afterEach(() => {
  a.received.length = 0;
  b.received.length = 0;
});

afterAll(async () => {
  await Promise.all([...started, a, b].map((server) => server.close()));
});

describe('gateway over several replicas', () => {
  it('spreads calls over the replicas in turn, from a comma-separated list', async () => {
    const gateway = await gatewayOver(`${a.url}, ${b.url}`, [a.url, b.url]);
    const seen: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const reply = await send(`${gateway.url}/api/auth/register`, { method: 'POST', body: `{"n":${i}}`, headers: json });
      expect(reply.status).toBe(201);
      seen.push(servedBy(reply.text));
    }
    expect(seen).toEqual(['a', 'b', 'a', 'b']);
    expect(calls(a).map((r) => r.body.toString())).toEqual(['{"n":0}', '{"n":2}']);
  });

  it('sends a command refused by one replica to another, body intact, and routes around the refusing one afterwards', async () => {
    const dead = await deadUrl();
    const gateway = await gatewayOver([dead, a.url], a.url, { upstreamProbeMs: 0 });
    const body = JSON.stringify({ email: 'ada@example.com', note: 'x'.repeat(20_000) });
    for (let i = 0; i < 3; i += 1) {
      const reply = await send(`${gateway.url}/api/auth/register`, { method: 'POST', body, headers: json });
      expect(reply.status).toBe(201);
    }
    const bodies = calls(a).map((r) => r.body.toString());
    expect(bodies).toHaveLength(3);
    expect(bodies.every((seen) => seen === body)).toBe(true);
  });

  it('sends calls to a replica again once its probes see it back', async () => {
    const dead = new URL(await deadUrl());
    const gateway = await gatewayOver(a.url, [dead.href, b.url]);
    expect(servedBy((await send(`${gateway.url}/api/users`)).text)).toBe('b');
    const revived = createServer((req, res) => res.writeHead(200, json).end(JSON.stringify({ servedBy: 'back' })));
    await new Promise<void>((resolve) => revived.listen(Number(dead.port), '127.0.0.1', resolve));
    try {
      await sleep(200); // a few probe intervals
      const seen = new Set<string>();
      for (let i = 0; i < 4; i += 1) seen.add(servedBy((await send(`${gateway.url}/api/users`)).text));
      expect([...seen].sort()).toEqual(['b', 'back']);
    } finally {
      revived.closeAllConnections();
      await new Promise((resolve) => revived.close(resolve));
    }
  });

  it('stops routing to a replica whose health says it is draining, and still serves through the other', async () => {
    const leaving = await draining('leaving');
    started.push(leaving);
    const gateway = await gatewayOver(a.url, [leaving.url, b.url]);
    await sleep(200); // a few probe intervals
    const seen = new Set<string>();
    for (let i = 0; i < 6; i += 1) seen.add(servedBy((await send(`${gateway.url}/api/users`)).text));
    expect([...seen]).toEqual(['b']);
    expect(calls(leaving)).toHaveLength(0);
  });

  it('sends a read cut mid-call to another replica, but never sends a command again once its body reached one', async () => {
    const cut = await cutting('cut');
    started.push(cut);
    const gateway = await gatewayOver([cut.url, a.url], [cut.url, b.url], { upstreamProbeMs: 0 });

    const read = await send(`${gateway.url}/api/cut`);
    expect(read.status).toBe(201);
    expect(servedBy(read.text)).toBe('b');

    const command = await send(`${gateway.url}/api/cut`, { method: 'POST', body: '{"once":true}', headers: json });
    expect(command.status).toBe(502);
    expect(calls(cut).filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(calls(a)).toHaveLength(0);
  });

  it('holds a call while no replica answers, then answers 503 with Retry-After', async () => {
    const gateway = await gatewayOver([await deadUrl(), await deadUrl()], a.url, { upstreamStartWaitMs: 300 });
    const startedAt = Date.now();
    const reply = await send(`${gateway.url}/api/auth/register`, { method: 'POST', body: '{}', headers: json });
    expect(reply.status).toBe(503);
    expect(reply.headers['retry-after']).toBe('2');
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(250);
  });

  it('reports a service up while one replica is, naming each replica’s state', async () => {
    const gateway = await gatewayOver([a.url, await deadUrl()], b.url);
    const health = await send(`${gateway.url}/api/health`);
    expect(health.status).toBe(200);
    expect(JSON.parse(health.text)).toEqual({ status: 'ok', services: { command: 'up', query: 'up' }, replicas: { command: ['up', 'down'] } });

    const ready = JSON.parse((await send(`${gateway.url}/api/ready`)).text) as { services: Record<string, { status: string; replicas?: { status: string }[] }> };
    expect(ready.services['command-api']?.replicas?.map((r) => r.status)).toEqual(['not ready', 'down']);
  });
});
