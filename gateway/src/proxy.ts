import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Request, Response } from 'express';
import { ProxyServer } from 'httpxy';
import { sendProblem } from '@concierge/platform/http/problem';
import type { Logger } from '@concierge/platform/logging/logger';
import { EDGE_HEADERS } from './security-headers.js';
import type { UpstreamGate } from './upstream-gate.js';

/** Where a call goes and how long the upstream may stay silent before the caller gets a 504. */
export interface ProxyTarget {
  readonly name: string;
  readonly url: URL;
  readonly timeoutMs: number;
  /** Knows whether the upstream process is up; told when a connection is refused. */
  readonly gate?: UpstreamGate;
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
const REQUEST_ID = /^[\w.:-]{1,128}$/;

class UpstreamTimeout extends Error {}

/**
 * Streams each call to the service with its path and query unchanged and streams the answer back,
 * through httpxy (the proxy http-proxy-middleware 4 runs on): it ends the browser's response when
 * the service dies half-way through one. Bodies are never buffered or parsed here: size limits and
 * validation belong to the service. What httpxy leaves to us: the headers the edge decides, the
 * silence deadline and what each failure answers.
 */
export function upstreamProxy(target: ProxyTarget, logger: Logger): Forward {
  const proxy = new ProxyServer({ target: target.url });
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

  const send = (req: Request, res: Response, retried: boolean): void => {
    proxy.web(req, res).catch((error: unknown) => {
      if (res.headersSent || res.destroyed) {
        res.destroy();
        return;
      }
      const fields = { upstream: target.name, method: req.method, path: req.path, requestId: req.headers['x-request-id'], err: error };
      if (error instanceof UpstreamTimeout) {
        logger.warn(fields, 'Upstream timed out');
        sendProblem(res, 504, 'The service took too long to respond. Please try again shortly.');
      } else if ((error as NodeJS.ErrnoException).code === 'ECONNREFUSED') {
        // Nothing listens: the process is starting or being restarted by the supervisor. A call
        // without a body is sent again once it listens; one with a body was consumed, so it hears 503.
        target.gate?.refused();
        logger.warn(fields, 'Upstream not listening');
        const replayable = !retried && target.gate && (req.method === 'GET' || req.method === 'HEAD');
        if (!replayable) return sendStarting(res);
        void target.gate?.ready().then((up) => (up ? send(req, res, true) : sendStarting(res)));
      } else {
        logger.warn(fields, 'Upstream unreachable');
        sendProblem(res, 502, 'The service is temporarily unavailable. Please try again shortly.');
      }
    });
  };

  return (req, res) => {
    const incomingId = req.headers['x-request-id'];
    const requestId = typeof incomingId === 'string' && REQUEST_ID.test(incomingId) ? incomingId : randomUUID();
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
    send(req, res, false);
  };
}

/** Deletes hop-by-hop headers (including any the Connection header names) and `extra`, in place. */
function dropHeaders(headers: IncomingHttpHeaders, extra: readonly string[]): void {
  const named = (headers.connection ?? '').split(',').map((name) => name.trim().toLowerCase());
  for (const name of new Set([...HOP_BY_HOP, ...named, ...extra])) delete headers[name];
}
