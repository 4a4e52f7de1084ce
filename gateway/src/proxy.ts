import { Agent, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { Request, Response } from 'express';
import { ProxyServer } from 'httpxy';
import { sendProblem } from '@concierge/platform/http/problem';
import { requestIdOf } from '@concierge/platform/http/request-id';
import { loggedPath } from '@concierge/platform/logging/http-log';
import type { Logger } from '@concierge/platform/logging/logger';
import { EDGE_HEADERS } from './security-headers.js';
import type { Replica, UpstreamPool } from './upstream-pool.js';

/** Longest an idle connection to a replica is kept for the next call: well below the replicas' own keep-alive (65 s). */
const UPSTREAM_IDLE_MS = 5_000;

/** Where a call goes (one of the service's replicas) and how long it may stay silent before the caller gets a 504. */
export interface ProxyTarget {
  readonly pool: UpstreamPool;
  readonly timeoutMs: number;
}

/** Sends one API call on to its service and relays the answer. */
export type Forward = (req: Request, res: Response) => void;

/** What a call hears while its service (re)starts; Retry-After says when to try again. */
export const STARTING_MESSAGE = 'The service is starting. Please try again in a moment.';
const STARTING_RETRY_AFTER_SECONDS = 2;

/** 503 with Retry-After: the service is (re)starting, not broken. */
export function sendStarting(res: Response): void {
  res.setHeader('Retry-After', String(STARTING_RETRY_AFTER_SECONDS));
  sendProblem(res, 503, STARTING_MESSAGE);
}

// Hop-by-hop headers describe one connection, not the message (RFC 9110 7.6.1).
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade'];
// The gateway is the edge: forwarding headers a browser made up would let it fake its address.
// Expect was met here (Node answered 100 Continue to the browser); httpxy also skips its proxyReq
// event, and with it the timeout below, for a request that still carries it.
const SET_BY_GATEWAY = ['host', 'forwarded', 'x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'expect'];
/**
 * A request body up to this size (declared by Content-Length) is read before the call is sent, so
 * a replica that refuses the connection can be skipped and the call sent to another one: nothing
 * reached the first. Larger or chunked bodies stream through and cannot be sent twice.
 */
const REPLAYABLE_BODY_BYTES = 256 * 1024;
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS']);

class UpstreamTimeout extends Error {}

/** The body as sent: held in memory (small, complete), nothing at all, or left on the request to stream. */
type Body = { kind: 'held'; bytes: Buffer } | { kind: 'none' } | { kind: 'stream' };

async function readBody(req: IncomingMessage): Promise<Body> {
  const declared = req.headers['content-length'];
  if (req.headers['transfer-encoding'] !== undefined) return { kind: 'stream' };
  if (declared === undefined || declared === '0') return { kind: 'none' };
  if (!/^\d+$/.test(declared) || Number(declared) > REPLAYABLE_BODY_BYTES) return { kind: 'stream' };
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return { kind: 'held', bytes: Buffer.concat(chunks) };
}

/**
 * Sends each call to one replica of the service (in turn) with its path and query unchanged and
 * streams the answer back, through httpxy (the proxy http-proxy-middleware 4 runs on): it ends the
 * browser's response when the service dies half-way through one. Bodies are never parsed here:
 * size limits and validation belong to the service; a small one is held until sent so a refused
 * connection can go to another replica. A call whose body may have reached a replica is never sent
 * again. What httpxy leaves to us: the headers the edge decides, the silence deadline and what
 * each failure answers.
 */
export function upstreamProxy(target: ProxyTarget, logger: Logger): Forward {
  // An idle connection to a replica is dropped long before the replica would drop it (Node also
  // caps this by the replica's Keep-Alive hint less 1 s), so no call goes out on a connection the
  // replica is closing: under load that race cut a POST, answered 502.
  const proxy = new ProxyServer({ agent: new Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64, timeout: UPSTREAM_IDLE_MS }) });
  proxy.on('proxyReq', (proxyReq) => {
    proxyReq.setTimeout(target.timeoutMs, () => proxyReq.destroy(new UpstreamTimeout()));
  });
  proxy.on('proxyRes', (proxyRes, req, res) => {
    // The security headers are the edge's (an API's HSTS would reach a plain-http origin otherwise); caching stays the service's choice.
    dropHeaders(proxyRes.headers, EDGE_HEADERS);
    // httpxy writes a Connection header of its own; it keeps or ends the browser's connection as Node decided.
    proxyRes.headers.connection = res.shouldKeepAlive ? 'keep-alive' : 'close';
    res.setHeader('x-request-id', req.headers['x-request-id'] ?? '');
  });

  // Every replica once, and one more for a replica that came back while the call waited.
  const maxAttempts = target.pool.replicas.length + 1;

  const sendTo = (replica: Replica, req: Request, res: Response, body: Body, attempt: number): void => {
    const buffer = body.kind === 'held' ? Readable.from([body.bytes], { objectMode: false }) : undefined;
    proxy.web(req, res, { target: replica.url, ...(buffer ? { buffer } : {}) }).catch((error: unknown) => {
      if (res.headersSent || res.destroyed) {
        res.destroy();
        return;
      }
      const code = (error as NodeJS.ErrnoException).code;
      const fields = { upstream: target.pool.name, replica: replica.url.host, method: req.method, ...loggedPath(req), requestId: req.headers['x-request-id'], err: error };
      const again = attempt + 1 < maxAttempts;
      if (error instanceof UpstreamTimeout) {
        logger.warn(fields, 'Upstream timed out');
        sendProblem(res, 504, 'The service took too long to respond. Please try again shortly.');
      } else if (code === 'ECONNREFUSED') {
        // Nothing listens there: the process is starting, stopping or being restarted. Nothing of
        // the call reached it, so it goes to another replica (or waits for one) unless its body
        // streamed and is gone.
        replica.gate.refused();
        logger.warn(fields, 'Upstream not listening');
        if (body.kind === 'stream' || !again) return sendStarting(res);
        send(req, res, body, attempt + 1);
      } else if (code === 'ECONNRESET' && IDEMPOTENT.has(req.method) && again) {
        // The connection dropped before an answer (the process died): a read is safe to send again.
        logger.warn(fields, 'Upstream connection reset; sending the read to another replica');
        send(req, res, body, attempt + 1);
      } else {
        logger.warn(fields, 'Upstream unreachable');
        sendProblem(res, 502, 'The service is temporarily unavailable. Please try again shortly.');
      }
    });
  };

  const send = (req: Request, res: Response, body: Body, attempt: number): void => {
    void target.pool.pick().then((replica) => (replica ? sendTo(replica, req, res, body, attempt) : sendStarting(res)));
  };

  return (req, res) => {
    // Settled by requestContext() when the call arrived; read again here so a proxy mounted alone still sends one.
    const requestId = requestIdOf(req.headers['x-request-id']);
    // Read before the headers below change: TRUST_PROXY decides how far back req.ip looks, and only that address goes on, never the chain.
    const forwarded = { for: req.ip ?? req.socket.remoteAddress ?? '', proto: req.protocol, host: req.headers.host ?? '' };
    // httpxy sends the request's own headers and url: they become what the service is to see.
    dropHeaders(req.headers, SET_BY_GATEWAY);
    Object.assign(req.headers, {
      'x-request-id': requestId,
      'x-forwarded-for': forwarded.for,
      'x-forwarded-proto': forwarded.proto,
      'x-forwarded-host': forwarded.host,
    });
    req.url = req.originalUrl;
    readBody(req).then(
      (body) => send(req, res, body, 0),
      () => res.destroy(), // the browser went away while sending its body
    );
  };
}

/** Deletes hop-by-hop headers (including any the Connection header names) and `extra`, in place. */
function dropHeaders(headers: IncomingHttpHeaders, extra: readonly string[]): void {
  const named = (headers.connection ?? '').split(',').map((name) => name.trim().toLowerCase());
  for (const name of new Set([...HOP_BY_HOP, ...named, ...extra])) delete headers[name];
}
