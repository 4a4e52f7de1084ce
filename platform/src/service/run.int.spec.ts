import { get, type RequestListener } from 'node:http';
import { describe, expect, it } from 'vitest';
import { serveHttp } from './run.js';

/** A GET that resolves with the status and body, or rejects when the connection is cut or refused. */
function call(port: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path: '/', agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

/** Answers each call after `delayMs`, and says when one has arrived. */
function slowApp(delayMs: number) {
  let arrived: () => void = () => undefined;
  const received = new Promise<void>((resolve) => (arrived = resolve));
  const app: RequestListener = (_req, res) => {
    arrived();
    setTimeout(() => res.end('done'), delayMs);
  };
  return { app, received };
}

describe('serveHttp', () => {
  it('binds a free port when asked for port 0 and says which', async () => {
    const close = await serveHttp((_req, res) => res.end('hello'), '127.0.0.1', 0);
    try {
      expect(close.port).toBeGreaterThan(0);
      expect(await call(close.port)).toEqual({ status: 200, body: 'hello' });
    } finally {
      await close();
    }
  });

  it('with drainMs lets a call in flight finish, while refusing new ones', async () => {
    const { app, received } = slowApp(300);
    const close = await serveHttp(app, '127.0.0.1', 0, { drainMs: 5_000 });
    const inFlight = call(close.port);
    await received;
    const closed = close();

    await expect(call(close.port)).rejects.toThrow(/ECONNREFUSED/);
    expect(await inFlight).toEqual({ status: 200, body: 'done' });
    await closed;
  });

  it('without drainMs cuts a call in flight at once', async () => {
    const { app, received } = slowApp(5_000);
    const close = await serveHttp(app, '127.0.0.1', 0);
    const inFlight = call(close.port);
    await received;
    const started = Date.now();
    await close();

    await expect(inFlight).rejects.toThrow(/socket hang up|ECONNRESET/);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
