import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import express, { type RequestHandler, Router } from 'express';

/**
 * The built app: its files, and `index.html` for any other GET so client routes load on refresh.
 * Without a build it says how to make one (checked per request: a build made later is picked up).
 * Mounted after the API and control routes, which answer every request of theirs.
 */
export function staticApp(distDir: string): Router {
  const root = resolve(distDir);
  const index = join(root, 'index.html');
  const router = Router();
  router.use(express.static(root, { index: false }));
  const spaFallback: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (!existsSync(index)) {
      res.status(503).type('text/plain').send(`The app is not built: run \`npm run build\` (no ${index}).\n`);
      return;
    }
    res.sendFile(index);
  };
  router.use(spaFallback);
  return router;
}
