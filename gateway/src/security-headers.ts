import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { RequestHandler, Response } from 'express';
import helmet from 'helmet';

/**
 * Browser features the product never uses, denied to the page and to anything it might embed;
 * only clipboard writes stay, for the copy buttons. Every name here is one Chromium knows
 * (it logs an error for any other, e.g. `bluetooth`), which the browser journeys check.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'clipboard-read=()',
  'clipboard-write=(self)',
  'display-capture=()',
  'encrypted-media=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/** The headers above, as helmet names them: the edge's to set, so a service's own copies are dropped. */
export const EDGE_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'permissions-policy',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** A placeholder the built index.html carries wherever the response's nonce goes (see web/vite.config.ts). */
export const NONCE_PLACEHOLDER = '__CSP_NONCE__';

/** The nonce this response's Content-Security-Policy allows `<style>` elements with. */
export function cspNonce(res: ServerResponse): string {
  const nonce: unknown = (res as Partial<Response>).locals?.['cspNonce'];
  if (typeof nonce !== 'string') throw new Error('securityHeaders() must run before the response is written');
  return nonce;
}

/**
 * The headers every gateway response carries, the SPA's and the API's alike. Scripts come only
 * from this origin's files (the build has no inline script). Emotion (MUI) and goober
 * (notistack) write `<style>` elements at run time, so styles are allowed from this origin and
 * from elements carrying this response's nonce, which the SPA reads from its own HTML: a fresh
 * one per response, unlike hashes, which cannot cover styles computed in the browser.
 * React's `style` props go through the CSSOM, which CSP does not govern, so no `style-src-attr`.
 */
export function securityHeaders(options: { readonly https: boolean }): RequestHandler[] {
  const setNonce: RequestHandler = (_req, res, next) => {
    res.locals['cspNonce'] = randomBytes(16).toString('base64');
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    next();
  };
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'none'"],
        objectSrc: ["'none'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", (_req, res) => `'nonce-${cspNonce(res)}'`],
        imgSrc: ["'self'"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // A browser that once saw the https origin refuses plain http for a year; over http the header would be ignored anyway.
    strictTransportSecurity: options.https ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
  });
  return [setNonce, headers];
}
