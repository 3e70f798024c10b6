import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import express, { type RequestHandler, Router } from 'express';

/** Vite names every file under `assets/` after its content: a changed file is a new URL. */
const HASHED_ASSET = /^\/assets\//;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The HTML names the hashed files of the current build, so the browser asks again each time (an ETag makes it a 304). */
const REVALIDATE = 'no-cache';

/**
 * The built app: its files, and `index.html` for any other GET so client routes load on refresh.
 * Hashed files are cached for good, the rest revalidated.
 * Without a build it says how to make one (checked per request: a build made later is picked up).
 * Mounted after the API and control routes, which answer every request of theirs.
 */
export function staticApp(distDir: string): Router {
  const root = resolve(distDir);
  const index = join(root, 'index.html');
  const router = Router();
  router.use(
    express.static(root, {
      index: false,
      setHeaders: (res, path) => {
        const url = path.slice(root.length).replaceAll('\\', '/');
        res.setHeader('Cache-Control', HASHED_ASSET.test(url) ? IMMUTABLE : REVALIDATE);
      },
    }),
  );
  const spaFallback: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (!existsSync(index)) {
      res.status(503).type('text/plain').send(`The app is not built: run \`npm run build\` (no ${index}).\n`);
      return;
    }
    res.setHeader('Cache-Control', REVALIDATE);
    res.sendFile(index);
  };
  router.use(spaFallback);
  return router;
}
