import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGateway } from './gateway.js';
import type { TrustProxy } from './trust-proxy.js';
import { listen, type RunningServer, send, startUpstream } from './testing/http.js';
import { route } from './testing/route.js';

const routes = [route('POST', '/auth/login', 'command')];

let command: Awaited<ReturnType<typeof startUpstream>>;
const started: RunningServer[] = [];

async function gatewayTrusting(trustProxy?: TrustProxy): Promise<RunningServer> {
  const server = await listen(createGateway({ routes, commandApiUrl: command.url, queryApiUrl: command.url, ...(trustProxy === undefined ? {} : { trustProxy }) }));
  started.push(server);
  return server;
}

/** The address the services were told the caller has. */
async function forwardedFor(gateway: RunningServer, xForwardedFor?: string): Promise<string | string[] | undefined> {
  command.received.length = 0;
  await send(`${gateway.url}/api/auth/login`, { method: 'POST', body: '{}', headers: xForwardedFor ? { 'x-forwarded-for': xForwardedFor } : {} });
  return command.received[0]?.headers['x-forwarded-for'];
}

beforeAll(async () => {
  command = await startUpstream('command');
});

beforeEach(() => {
  command.received.length = 0;
});

afterAll(async () => {
  await Promise.all([...started, command].map((server) => server.close()));
});

describe('client address the gateway forwards', () => {
  it('without TRUST_PROXY is the connection’s own, whatever X-Forwarded-For claims', async () => {
    const gateway = await gatewayTrusting();

    expect(await forwardedFor(gateway, '203.0.113.9')).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
    expect(await forwardedFor(gateway, '203.0.113.9, 198.51.100.7')).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
  });

  it('behind a trusted proxy (by address) is the one that proxy saw, not what the client wrote before it', async () => {
    const gateway = await gatewayTrusting(['loopback']);

    expect(await forwardedFor(gateway, '198.51.100.7')).toBe('198.51.100.7');
    // The client sent "203.0.113.9" itself; the proxy appended the address it really came from.
    expect(await forwardedFor(gateway, '203.0.113.9, 198.51.100.7')).toBe('198.51.100.7');
  });

  it('behind one trusted hop is the address that hop saw', async () => {
    const gateway = await gatewayTrusting(1);

    expect(await forwardedFor(gateway, '203.0.113.9, 198.51.100.7')).toBe('198.51.100.7');
  });

  it('behind an untrusted proxy is that proxy’s address', async () => {
    const gateway = await gatewayTrusting(['10.0.0.0/8']);

    expect(await forwardedFor(gateway, '198.51.100.7')).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
  });
});
