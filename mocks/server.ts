import { realpathSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import compression from 'compression';
import express, { type ErrorRequestHandler, type Express } from 'express';
import { errorBody } from './handlers/respond';
import { API_PREFIXES, requestPath } from './middleware/api-paths';
import { controlRoutes } from './middleware/control-routes';
import { injectFaults } from './middleware/faults';
import { mswMiddleware } from './middleware/msw';
import { captureBody, logRequest } from './middleware/request-log';
import { staticApp } from './middleware/static-app';

export interface DemoAppOptions {
  /** the built app; `null` serves only the API and control routes (e.g. under Vite's dev server) */
  distDir?: string | null;
}

/** Errors of the express layer itself (a body over the limit, bad JSON on a control route) as error bodies. */
const errorAsBody: ErrorRequestHandler = (error, _req, res, _next) => {
  const status = Number(error?.status ?? error?.statusCode) || 500;
  res.status(status).json(errorBody(status, error instanceof Error ? error.message : String(error)));
};

/**
 * The demo server as an express app, usable alone or as connect middleware. Order: compression of
 * every text answer (brotli or gzip, as a real deployment's proxy does), request log and faults on
 * the protocol paths, control routes, the MSW handlers, then the built app.
 */
export function createDemoApp({ distDir = 'dist' }: DemoAppOptions = {}): Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(compression());
  app.use(API_PREFIXES, captureBody, logRequest, injectFaults);
  app.use('/__mock', controlRoutes());
  app.use(mswMiddleware());
  // protocol paths no handler took (outside /api, whose catch-all handler answers already)
  app.use(API_PREFIXES, (req, res) => {
    const path = requestPath(req.originalUrl);
    res.status(404).json(errorBody(404, `Unknown API path ${req.method} ${path}`));
  });
  if (distDir !== null) app.use(staticApp(distDir));
  app.use(errorAsBody);
  return app;
}

export interface DemoServerOptions extends DemoAppOptions {
  /** 0 picks a free port */
  port: number;
  host?: string;
}

export interface DemoServer {
  /** the origin it listens on, with the real port */
  url: string;
  close(): Promise<void>;
}

export async function startDemoServer({
  port,
  host = '127.0.0.1',
  distDir = 'dist',
}: DemoServerOptions): Promise<DemoServer> {
  const server = createServer(createDemoApp({ distDir }));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const { port: actualPort } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${actualPort}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // keep-alive sockets would hold close() open
        server.closeAllConnections();
      }),
  };
}

function isMain(): boolean {
  const script = process.argv[1];
  return script !== undefined && import.meta.url === pathToFileURL(realpathSync(script)).href;
}

if (isMain()) {
  const port = Number(process.env.PORT ?? 5173);
  startDemoServer({ port, host: process.env.HOST ?? '127.0.0.1' }).then(
    ({ url }) => console.log(`Demo portal on http://localhost:${new URL(url).port}`),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
