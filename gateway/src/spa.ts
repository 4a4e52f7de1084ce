import { readFile } from 'node:fs/promises';
import path from 'node:path';
import express, { type Router } from 'express';
import { cspNonce, NONCE_PLACEHOLDER } from './security-headers.js';

// Vite puts content-hashed files under /assets: a new build gets new names, so they never go stale.
const IMMUTABLE = 'public, max-age=31536000, immutable';
// Everything else must be revalidated, or browsers keep an old build's files.
const REVALIDATE = 'no-cache';
// The page carries this response's CSP nonce: a stored copy would pair an old nonce with a new policy.
const PAGE = 'no-store';
const INDEX = '/index.html';

/**
 * Serves the built SPA. Any other GET that accepts HTML gets index.html, so deep links such as
 * /user/dashboard load the app, which then handles the path (including unknown ones) itself.
 */
export function spaHandler(staticDir: string): Router {
  const root = path.resolve(staticDir);
  const assets = path.join(root, 'assets') + path.sep;
  const router = express.Router();

  const files = express.static(root, {
    index: false,
    setHeaders: (res, file) => res.setHeader('Cache-Control', file.startsWith(assets) ? IMMUTABLE : REVALIDATE),
  });
  // index.html goes out only through the page handler below, which fills in the nonce.
  router.use((req, res, next) => (req.path === INDEX ? next() : files(req, res, next)));

  router.use(async (req, res, next) => {
    const isPageRequest = (req.method === 'GET' || req.method === 'HEAD') && req.accepts('html') === 'html';
    // A missing hashed asset must stay a 404: HTML in place of a script only confuses the browser.
    if (!isPageRequest || req.path.startsWith('/assets/')) {
      next();
      return;
    }
    let page: string;
    try {
      // Read on every request: a rebuild into the same folder is served at once, and the file is small.
      page = await readFile(path.join(root, 'index.html'), 'utf8');
    } catch {
      next();
      return;
    }
    res.status(200).type('html').setHeader('Cache-Control', PAGE);
    res.send(page.replaceAll(NONCE_PLACEHOLDER, cspNonce(res)));
  });

  return router;
}
