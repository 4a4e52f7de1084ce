import type { IncomingHttpHeaders } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from './gateway.js';
import { listen, type RunningServer, send, startUpstream } from './testing/http.js';
import { route } from './testing/route.js';

const routes = [route('POST', '/auth/login', 'command'), route('GET', '/plans', 'query')];
const PAGE = '<!doctype html><meta property="csp-nonce" nonce="__CSP_NONCE__"><link rel="stylesheet" nonce="__CSP_NONCE__" href="/assets/a.css"><title>Crypto Concierge</title>';
const HTML = { accept: 'text/html' };

let command: Awaited<ReturnType<typeof startUpstream>>;
let query: Awaited<ReturnType<typeof startUpstream>>;
let staticDir: string;
let gateway: RunningServer;
let httpsGateway: RunningServer;

beforeAll(async () => {
  // A service answering as the APIs do (helmet's own defaults), or with a cache policy of its own.
  command = await startUpstream('command', (_req, res) => {
    res.writeHead(200, {
      'content-type': 'application/json',
      'content-security-policy': "default-src 'self'",
      'x-frame-options': 'SAMEORIGIN',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
    });
    res.end(JSON.stringify({ token: 'secret-access-token' }));
  });
  query = await startUpstream('query', (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'private, max-age=60' }).end('[]');
  });
  staticDir = await mkdtemp(path.join(tmpdir(), 'gateway-headers-'));
  await mkdir(path.join(staticDir, 'assets'));
  await writeFile(path.join(staticDir, 'index.html'), PAGE);
  await writeFile(path.join(staticDir, 'assets', 'a.css'), 'body{margin:0}');
  const deps = { routes, commandApiUrl: command.url, queryApiUrl: query.url, staticDir };
  gateway = await listen(createGateway(deps));
  httpsGateway = await listen(createGateway({ ...deps, publicUrl: 'https://concierge.example.com' }));
});

afterAll(async () => {
  await Promise.all([gateway, httpsGateway, command, query].map((server) => server.close()));
  await rm(staticDir, { recursive: true, force: true });
});

/** The policy's directives by name, e.g. `script-src` -> ["'self'"]. */
function directives(headers: IncomingHttpHeaders): Map<string, string[]> {
  const policy = headers['content-security-policy'];
  if (typeof policy !== 'string') throw new Error('no Content-Security-Policy header');
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

function expectLockedDown(headers: IncomingHttpHeaders): void {
  const csp = directives(headers);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('script-src-attr')).toEqual(["'none'"]);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(headers['content-security-policy']).not.toContain('unsafe-');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  const permissions = headers['permissions-policy'];
  for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'serial', 'hid', 'clipboard-read']) {
    expect(permissions).toContain(`${feature}=()`);
  }
  expect(permissions).toContain('clipboard-write=(self)');
}

describe('gateway security headers', () => {
  it('serves the page with the policy and a fresh style nonce that the page itself carries', async () => {
    const first = await send(`${gateway.url}/`, { headers: HTML });
    const second = await send(`${gateway.url}/user/dashboard`, { headers: HTML });

    expect(first.status).toBe(200);
    expectLockedDown(first.headers);
    const styles = directives(first.headers).get('style-src') ?? [];
    expect(styles[0]).toBe("'self'");
    const nonce = /^'nonce-([A-Za-z0-9+/]{22}==)'$/.exec(styles[1] ?? '')?.[1];
    expect(styles[1]).toMatch(/^'nonce-[A-Za-z0-9+/]{22}=='$/);
    expect(styles).toHaveLength(2);
    expect(first.text).toBe(PAGE.replaceAll('__CSP_NONCE__', nonce ?? 'missing'));
    expect(second.text).not.toContain(nonce);
    expect(second.text).not.toContain('__CSP_NONCE__');
    expect(first.headers['strict-transport-security']).toBeUndefined();
    expect(directives(first.headers).has('upgrade-insecure-requests')).toBe(false);
  });

  it('never hands out the page with its placeholder, even asked for as /index.html', async () => {
    const reply = await send(`${gateway.url}/index.html`);

    expect(reply.status).toBe(200);
    expect(reply.text).not.toContain('__CSP_NONCE__');
    expect(reply.headers['cache-control']).toBe('no-store');
  });

  it('puts the same policy on assets, API answers, the gateway’s own problems and health', async () => {
    for (const [url, init] of [
      [`${gateway.url}/assets/a.css`, {}],
      [`${gateway.url}/api/auth/login`, { method: 'POST', body: '{}' }],
      [`${gateway.url}/api/nope`, {}],
      [`${gateway.url}/api/health`, {}],
    ] as const) {
      const reply = await send(url, init);
      expectLockedDown(reply.headers);
    }
  });

  it('marks every API answer no-store unless its service chose otherwise, and keeps hashed assets cacheable', async () => {
    const login = await send(`${gateway.url}/api/auth/login`, { method: 'POST', body: '{}' });
    const missing = await send(`${gateway.url}/api/nope`);
    const plans = await send(`${gateway.url}/api/plans`);
    const asset = await send(`${gateway.url}/assets/a.css`);

    expect(login.text).toContain('secret-access-token');
    expect(login.headers['cache-control']).toBe('no-store');
    expect(missing.headers['cache-control']).toBe('no-store');
    expect(plans.headers['cache-control']).toBe('private, max-age=60');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps its own policy over a service’s, and no HSTS from a service over http', async () => {
    const reply = await send(`${gateway.url}/api/auth/login`, { method: 'POST', body: '{}' });

    expect(reply.headers['x-frame-options']).toBe('DENY');
    expect(directives(reply.headers).get('frame-ancestors')).toEqual(["'none'"]);
    expect(reply.headers['strict-transport-security']).toBeUndefined();
  });

  it('adds HSTS and upgrades insecure requests only when PUBLIC_URL is https', async () => {
    const reply = await send(`${httpsGateway.url}/`, { headers: HTML });

    expect(reply.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(directives(reply.headers).get('upgrade-insecure-requests')).toEqual([]);
    expectLockedDown(reply.headers);
  });
});
