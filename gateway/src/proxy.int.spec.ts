import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Problem } from '@concierge/contracts';
import { createGateway } from './gateway.js';
import { listen, type RunningServer, send, startUpstream } from './testing/http.js';
import { route } from './testing/route.js';

// Where a general-purpose proxy goes wrong at the edge: http-proxy-middleware 3.0.10, given the
// gateway's hooks on its events, fails the first two (a way past the per-IP limits, a browser left
// hanging). The rest hold what proxy.ts adds around httpxy.
const routes = [route('POST', '/auth/login', 'command'), route('GET', '/half', 'command'), route('POST', '/silent', 'command'), route('POST', '/hop', 'command')];

let command: Awaited<ReturnType<typeof startUpstream>>;
let gateway: RunningServer;

beforeAll(async () => {
  command = await startUpstream('command', (req, res) => {
    // Never answers, to exercise the gateway timeout.
    if (req.url === '/api/silent') return;
    if (req.url === '/api/hop') {
      res.writeHead(200, { connection: 'keep-alive, x-upstream-hop', 'x-upstream-hop': '1', 'keep-alive': 'timeout=99', 'content-type': 'application/json' }).end('{}');
      return;
    }
    if (req.url === '/api/half') {
      // Promises 100 kB, sends 1 kB, then the process dies.
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '100000' });
      res.write('x'.repeat(1_000));
      setTimeout(() => res.socket?.destroy(), 50);
      return;
    }
    res.writeHead(201, { 'content-type': 'application/json' }).end('{}');
  });
  gateway = await listen(createGateway({ routes, commandApiUrl: command.url, queryApiUrl: command.url, upstreamTimeoutMs: 5_000 }));
});

beforeEach(() => {
  command.received.length = 0;
});

afterAll(async () => {
  await Promise.all([gateway, command].map((server) => server.close()));
});

describe('gateway proxy at the edge', () => {
  it('sets X-Forwarded-For and a request id even on a call sent with Expect: 100-continue', async () => {
    const reply = await send(`${gateway.url}/api/auth/login`, {
      method: 'POST',
      body: '{}',
      headers: { expect: '100-continue', 'x-forwarded-for': '6.6.6.6', 'content-type': 'application/json' },
    });

    expect(reply.status).toBe(201);
    const [seen] = command.received;
    expect(seen?.headers['x-forwarded-for']).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
    expect(seen?.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // Node answered the browser's 100 Continue itself: the expectation ends at this hop.
    expect(seen?.headers.expect).toBeUndefined();
  });

  it('answers 504 to a call sent with Expect: 100-continue when the service stays silent', async () => {
    const impatient = await listen(createGateway({ routes, commandApiUrl: command.url, queryApiUrl: command.url, upstreamTimeoutMs: 200 }));
    try {
      const reply = await send(`${impatient.url}/api/silent`, { method: 'POST', body: '{}', headers: { expect: '100-continue', 'content-type': 'application/json' } });

      expect(reply.status).toBe(504);
      expect(Problem.parse(JSON.parse(reply.text))).toMatchObject({ title: 'Gateway Timeout', status: 504 });
    } finally {
      await impatient.close();
    }
  });

  it('cuts the browser’s response when the service dies half-way through it, and serves the next call', async () => {
    const started = Date.now();
    await expect(send(`${gateway.url}/api/half`)).rejects.toThrow(/aborted|socket hang up|ECONNRESET/);
    expect(Date.now() - started, 'cut at once, not left to a timeout').toBeLessThan(2_000);

    expect((await send(`${gateway.url}/api/auth/login`, { method: 'POST', body: '{}' })).status).toBe(201);
  });

  it('drops hop-by-hop headers, including those the Connection header names', async () => {
    await send(`${gateway.url}/api/auth/login`, {
      method: 'POST',
      body: '{}',
      headers: { connection: 'keep-alive, x-hop', 'x-hop': '1', 'proxy-authorization': 'Basic YTpi', te: 'trailers' },
    });

    const [seen] = command.received;
    expect(seen?.headers['x-hop']).toBeUndefined();
    expect(seen?.headers['proxy-authorization']).toBeUndefined();
    expect(seen?.headers.te).toBeUndefined();
  });

  it('keeps the service’s hop-by-hop headers from the browser, and its connection open or closed as the browser asked', async () => {
    const kept = await send(`${gateway.url}/api/hop`, { method: 'POST', body: '{}' });
    const closed = await send(`${gateway.url}/api/hop`, { method: 'POST', body: '{}', headers: { connection: 'close' } });

    expect(kept.status).toBe(200);
    expect(kept.headers['x-upstream-hop']).toBeUndefined();
    expect(kept.headers['keep-alive']).not.toBe('timeout=99');
    expect(kept.headers.connection).toBe('keep-alive');
    expect(closed.headers.connection).toBe('close');
  });
});
