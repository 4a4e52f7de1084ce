import { randomUUID } from 'node:crypto';
import { request as httpRequest, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { pipeline } from 'node:stream';
import type { Request, Response } from 'express';
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
const SET_BY_GATEWAY = ['host', 'forwarded', 'x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host'];
const REQUEST_ID = /^[\w.:-]{1,128}$/;

class UpstreamTimeout extends Error {}

/**
 * Streams the request to the upstream with its path and query unchanged and streams the answer
 * back. Bodies are never buffered or parsed here: size limits and validation belong to the service.
 * Written on node:http rather than http-proxy-middleware 3 (http-proxy 1.18), which skips its
 * request hook for `Expect: 100-continue` calls and leaves the browser waiting when a service dies
 * half-way through an answer: proxy.int.spec.ts holds both.
 */
export function forward(req: Request, res: Response, target: ProxyTarget, logger: Logger, retried = false): void {
  const incomingId = req.headers['x-request-id'];
  const requestId = typeof incomingId === 'string' && REQUEST_ID.test(incomingId) ? incomingId : randomUUID();
  const send = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
  const upstreamReq = send({
    protocol: target.url.protocol,
    hostname: target.url.hostname,
    port: target.url.port,
    method: req.method,
    path: `${target.url.pathname.replace(/\/$/, '')}${req.originalUrl}`,
    headers: {
      ...withoutHeaders(req.headers, SET_BY_GATEWAY),
      'x-request-id': requestId,
      // Only the address the gateway settled on (TRUST_PROXY decides how far back it looks), never the chain.
      'x-forwarded-for': req.ip ?? req.socket.remoteAddress ?? '',
      'x-forwarded-proto': req.protocol,
      'x-forwarded-host': req.headers.host ?? '',
    },
  });

  upstreamReq.setTimeout(target.timeoutMs, () => upstreamReq.destroy(new UpstreamTimeout()));

  upstreamReq.on('response', (upstreamRes) => {
    res.setHeader('x-request-id', requestId);
    // The security headers are the edge's (an API's HSTS would reach a plain-http origin otherwise); caching stays the service's choice.
    res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.statusMessage, withoutHeaders(upstreamRes.headers, EDGE_HEADERS));
    // pipeline tears the client response down if the upstream dies half-way, instead of hanging.
    pipeline(upstreamRes, res, () => undefined);
  });

  upstreamReq.on('error', (error) => {
    if (res.headersSent || res.destroyed) {
      res.destroy();
      return;
    }
    const fields = { upstream: target.name, method: req.method, path: req.path, requestId, err: error };
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
      void target.gate?.ready().then((up) => (up ? forward(req, res, target, logger, true) : sendStarting(res)));
    } else {
      logger.warn(fields, 'Upstream unreachable');
      sendProblem(res, 502, 'The service is temporarily unavailable. Please try again shortly.');
    }
  });

  // The browser went away: stop the upstream work we started for it.
  res.on('close', () => {
    if (!res.writableFinished) upstreamReq.destroy();
  });

  if (retried) upstreamReq.end();
  else req.pipe(upstreamReq);
}

/** Copies headers minus hop-by-hop ones (including any the Connection header names) and `extra`. */
function withoutHeaders(headers: IncomingHttpHeaders, extra: readonly string[]): OutgoingHttpHeaders {
  const named = (headers.connection ?? '').split(',').map((name) => name.trim().toLowerCase());
  const dropped = new Set([...HOP_BY_HOP, ...named, ...extra]);
  const copy: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !dropped.has(name)) copy[name] = value;
  }
  return copy;
}
