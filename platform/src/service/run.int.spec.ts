import { get, type RequestListener } from 'node:http';
import { describe, expect, it } from 'vitest';
import { serveHttp, settlesWithin } from './run.js';

/** A GET that resolves with the status and body, or rejects when the connection is cut or refused. */
function call(port: number, path = '/'): Promise<{ status: number; body: string; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }));
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
      expect(await call(close.port)).toMatchObject({ status: 200, body: 'hello' });
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
    expect(await inFlight).toMatchObject({ status: 200, body: 'done' });
    await closed;
  });

  it('with noticeMs keeps serving while its probes answer 503 draining and every answer closes its connection, then refuses', async () => {
    const close = await serveHttp((req, res) => res.end(req.url === '/health' ? 'ok' : 'work'), '127.0.0.1', 0, { noticeMs: 400, drainMs: 1_000 });
    expect(await call(close.port, '/health')).toMatchObject({ status: 200, body: 'ok' });
    const closed = close();

    expect(await call(close.port, '/health')).toEqual({ status: 503, body: '{"status":"draining"}', connection: 'close' });
    expect(await call(close.port, '/ready?verbose=1')).toMatchObject({ status: 503, connection: 'close' });
    expect(await call(close.port, '/api/thing')).toEqual({ status: 200, body: 'work', connection: 'close' });
    await closed;
    await expect(call(close.port)).rejects.toThrow(/ECONNREFUSED/);
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

describe('settlesWithin', () => {
  it('says whether work settled within the bound', async () => {
    expect(await settlesWithin(new Promise((resolve) => setTimeout(resolve, 20)), 1_000)).toBe(true);
    expect(await settlesWithin(Promise.reject(new Error('failed')), 1_000)).toBe(true);
    expect(await settlesWithin(new Promise((resolve) => setTimeout(resolve, 1_000)), 50)).toBe(false);
  });
});
