/**
 * `npm start`: builds the portal if its sources changed and serves it with the demo server on one
 * origin. `npm run dev` (`--dev`): the same origin, with Vite's dev server and hot reload.
 * `--build-only` builds if needed and exits; `--no-build` serves dist/ as it is (a build finished
 * later is picked up). The browser tests use both: one build beside one demo server per test
 * worker (tests/e2e/global-setup.ts). `PORT=0` picks a free port; the last line names it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildIfNeeded } from './build-if-needed';

const port = Number(process.env.PORT ?? 5173);
const host = process.env.HOST ?? '127.0.0.1';

/** Starts the demo server with Vite's dev server; answers the port it listens on. */
async function startWithHotReload(): Promise<number> {
  const { createServer: createViteServer } = await import('vite');
  const { createDemoApp } = await import('../mocks/server');
  const app = createDemoApp({ distDir: null });
  const server = createServer(app);
  const vite = await createViteServer({ server: { middlewareMode: true, hmr: { server } }, appType: 'spa' });
  app.use(vite.middlewares);
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return (server.address() as AddressInfo).port;
}

/** Builds if needed (unless `--no-build`) and serves dist/ with the demo server; answers its port. */
async function startDemo(): Promise<number> {
  if (!process.argv.includes('--no-build')) buildIfNeeded();
  // the demo server's modules (its seeded data) load only when a server is wanted
  const { startDemoServer } = await import('../mocks/server');
  const { url } = await startDemoServer({ port, host });
  return Number(new URL(url).port);
}

if (process.argv.includes('--build-only')) {
  buildIfNeeded();
} else {
  const listening = process.argv.includes('--dev') ? await startWithHotReload() : await startDemo();
  console.log(`Demo portal on http://localhost:${listening} (demo accounts: alice, bob, carol; see README)`);
}
