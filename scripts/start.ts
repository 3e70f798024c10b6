/**
 * `npm start`: builds the portal if its sources changed and serves it with the demo server on one
 * origin. `npm run dev` (`--dev`): the same origin, with Vite's dev server and hot reload.
 */
import { createServer } from 'node:http';
import { createDemoApp, startDemoServer } from '../mocks/server';
import { buildIfNeeded } from './build-if-needed';

const port = Number(process.env.PORT ?? 5173);
const host = process.env.HOST ?? '127.0.0.1';

async function startWithHotReload(): Promise<void> {
  const { createServer: createViteServer } = await import('vite');
  const app = createDemoApp({ distDir: null });
  const server = createServer(app);
  const vite = await createViteServer({ server: { middlewareMode: true, hmr: { server } }, appType: 'spa' });
  app.use(vite.middlewares);
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
}

if (process.argv.includes('--dev')) {
  await startWithHotReload();
} else {
  buildIfNeeded();
  await startDemoServer({ port, host });
}
console.log(`Demo portal on http://localhost:${port} (demo accounts: alice, bob, carol; see README)`);
