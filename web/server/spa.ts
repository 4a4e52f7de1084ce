import path from 'node:path';
import express, { type Router } from 'express';

// Vite puts content-hashed files under /assets: a new build gets new names, so they never go stale.
const IMMUTABLE = 'public, max-age=31536000, immutable';
// Everything else (index.html above all) must be revalidated, or browsers keep an old build's entry point.
const REVALIDATE = 'no-cache';

/**
 * Serves the built SPA. Any other GET that accepts HTML gets index.html, so deep links such as
 * /user/dashboard load the app, which then handles the path (including unknown ones) itself.
 */
export function spaHandler(staticDir: string): Router {
  const root = path.resolve(staticDir);
  const assets = path.join(root, 'assets') + path.sep;
  const router = express.Router();

  router.use(
    express.static(root, {
      index: false,
      setHeaders: (res, file) => res.setHeader('Cache-Control', file.startsWith(assets) ? IMMUTABLE : REVALIDATE),
    }),
  );

  router.use((req, res, next) => {
    const isPageRequest = (req.method === 'GET' || req.method === 'HEAD') && req.accepts('html') === 'html';
    // A missing hashed asset must stay a 404: HTML in place of a script only confuses the browser.
    if (!isPageRequest || req.path.startsWith('/assets/')) {
      next();
      return;
    }
    res.sendFile(path.join(root, 'index.html'), { cacheControl: false, headers: { 'Cache-Control': REVALIDATE } }, (error) => {
      if (error && !res.headersSent) next();
    });
  });

  return router;
}
