import { createServer, request, type IncomingHttpHeaders, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RunningServer {
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

/** Listens on a free port of 127.0.0.1. */
export async function listen(handler: RequestListener): Promise<RunningServer> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, port, close: () => close(server) };
}

function close(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    // Keep-alive sockets from the gateway would otherwise hold the server open.
    server.closeAllConnections();
  });
}

/** What an upstream saw of one request. */
export interface Received {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

/**
 * A stand-in service that records each request in full, then lets `respond` answer it. The
 * gateway's own `/health` probes (it asks each replica every so often) are answered but not
 * recorded: a probe landing between a test's request and its look at `received` made the test read
 * the probe instead (seen once in a full CI run).
 */
export async function startUpstream(name: string, respond?: RequestListener) {
  const received: Received[] = [];
  const server = await listen((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.url !== '/health') received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      if (respond) return respond(req, res);
      if (req.url === '/health') return res.end('ok');
      res.writeHead(201, { 'content-type': 'application/json', 'x-served-by': name, 'set-cookie': ['a=1', 'b=2'] });
      res.end(JSON.stringify({ servedBy: name, bytes: chunks.reduce((sum, chunk) => sum + chunk.length, 0) }));
    });
  });
  return { ...server, received };
}

export interface Reply {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
  readonly text: string;
}

/** A raw HTTP call, so the test controls every header sent (fetch would add or drop some). */
export function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString('utf8') });
      });
    });
    req.on('error', reject);
    req.end(options.body);
  });
}
