import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** one demo server per e2e worker: the worker whose VITEST_POOL_ID is n uses portalUrls[n - 1] */
    portalUrls: string[];
    /** where global setup writes `ready` once the build is done, or `failed` with the reason */
    portalStatusDir: string;
  }
}

const SERVER_START_TIMEOUT_MS = 120_000;

/** How many e2e files run at once: vitest gives each worker a VITEST_POOL_ID from 1 to this. */
function workerCount(project: TestProject): number {
  const workers = Number(project.config.maxWorkers);
  return Number.isInteger(workers) && workers > 0 ? workers : 1;
}

/** A process of its own group (npm starts children of its own): stopped with its whole group. */
function npmStart(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn('npm', ['start', '--silent', '--', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
}

function stop(child: ChildProcess): void {
  if (child.pid && child.exitCode === null && child.signalCode === null) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}

/** Resolves with the port a demo server (`PORT=0`) says it listens on. */
function listeningPort(server: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`a demo server did not start within ${SERVER_START_TIMEOUT_MS} ms`)),
      SERVER_START_TIMEOUT_MS,
    );
    server.stdout?.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      output += chunk.toString();
      const port = /Demo portal on http:\/\/localhost:(\d+)/.exec(output)?.[1];
      if (port) {
        clearTimeout(timer);
        resolve(Number(port));
      }
    });
    server.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`a demo server (npm start) exited with code ${code} before listening`));
    });
  });
}

/** Runs `npm start -- --build-only` (build if needed) to its end. */
function build(): { done: Promise<void>; child: ChildProcess } {
  const child = npmStart(['--build-only'], {});
  child.stdout?.pipe(process.stdout);
  const done = new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`npm start -- --build-only ended with ${code ?? signal}`)),
    );
  });
  return { done, child };
}

/**
 * Browser tests run against `npm start`: the portal is built once (if needed) while one demo server
 * per e2e worker starts on a free port (`--no-build`: each serves dist/ as the build leaves it). The
 * servers keep their state apart (settings, faults, request logs), so journeys on different workers
 * never see each other's. Setup returns once the servers listen, without waiting for the build: the
 * other projects' tests run meanwhile, and each e2e file waits for `ready` (tests/e2e/helpers/setup.ts).
 */
export default async function startPortals(project: TestProject) {
  const statusDir = mkdtempSync(join(tmpdir(), 'dam-portal-e2e-status-'));
  const builder = build();
  const servers = Array.from({ length: workerCount(project) }, () => npmStart(['--no-build'], { PORT: '0' }));
  const stopAll = () => {
    stop(builder.child);
    for (const server of servers) stop(server);
    rmSync(statusDir, { recursive: true, force: true });
  };
  try {
    const ports = await Promise.all(servers.map(listeningPort));
    project.provide(
      'portalUrls',
      ports.map((port) => `http://127.0.0.1:${port}`),
    );
  } catch (error) {
    stopAll();
    throw error;
  }
  project.provide('portalStatusDir', statusDir);
  const mark = (name: 'ready' | 'failed', text: string) => {
    try {
      writeFileSync(join(statusDir, name), text);
    } catch {
      // torn down already
    }
  };
  builder.done.then(
    () => mark('ready', ''),
    (error: unknown) => mark('failed', String(error)),
  );
  for (const server of servers) {
    server.once('exit', (code) => mark('failed', `a demo server (npm start) exited with code ${code}`));
  }
  return () => {
    for (const server of servers) server.removeAllListeners('exit');
    stopAll();
  };
}
