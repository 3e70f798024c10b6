/**
 * The demo server's heavy work off the request thread (issue 27): expanding a zip, drawing a
 * picture's thumbnail and scaling a stored picture run in a few worker threads (worker-thread.ts), so the server answers others
 * meanwhile; a zip of 2 000 pictures drew its thumbnails on the request thread and had not
 * finished after 300 s. One task at a time per thread, the others wait in order. A task past its
 * time limit has its thread terminated (the only way to stop synchronous work; Node closes the
 * files the thread opened); the next task starts another thread. Node only.
 */
import type { Worker } from 'node:worker_threads';
import { loadOnce } from '../handlers/load-once';
import type { Posted, Task, TaskAnswer } from './worker-thread';

/** Two threads, one per core of the machines the demo runs on: a zip's thumbnails take both (uploads.ts). */
export const THREADS = 2;
/** A thread's heap: pictures' pixels are buffers outside it; a zip's reading and inflating need a few MB. */
const THREAD_HEAP_MB = 128;

/** A task stopped at its time limit. */
export class TaskTimedOut extends Error {}

interface Waiting {
  task: Task;
  transfer: ArrayBuffer[];
  timeLimitMs: number;
  resolve(answer: unknown): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  running?: Waiting & { timer: ReturnType<typeof setTimeout> };
}

const threads: Thread[] = [];
const queue: Waiting[] = [];

/** How many tasks of each kind threads have taken since the process started (tests read it). */
export const tasksTaken: Record<Task['kind'], number> = { unzip: 0, thumbnail: 0, scale: 0 };

const node = loadOnce(async () => {
  const [path, url, workerThreads] = await Promise.all([
    import(/* @vite-ignore */ 'node:path'),
    import(/* @vite-ignore */ 'node:url'),
    import(/* @vite-ignore */ 'node:worker_threads'),
  ]);
  return { path, url, workerThreads };
});

type NodeModules = Awaited<ReturnType<typeof node>>;

/** Ends a thread: its running task fails with `error`. */
async function retire(thread: Thread, error: Error): Promise<void> {
  const at = threads.indexOf(thread);
  if (at < 0) return;
  threads.splice(at, 1);
  const running = thread.running;
  thread.running = undefined;
  if (running) clearTimeout(running.timer);
  await thread.worker.terminate();
  running?.reject(error);
  void next();
}

function startThread({ path, url, workerThreads }: NodeModules): Thread {
  const script = path.join(path.dirname(url.fileURLToPath(import.meta.url)), 'worker.mjs');
  const worker = new workerThreads.Worker(script, {
    resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB },
  });
  // an idle thread does not keep the process alive
  worker.unref();
  const thread: Thread = { worker };
  worker.on('message', (posted: Posted) => {
    const running = thread.running;
    thread.running = undefined;
    if (running) {
      clearTimeout(running.timer);
      if ('answer' in posted) running.resolve(posted.answer);
      else running.reject(new Error(`A worker thread failed: ${posted.failure}`));
    }
    void next();
  });
  // a thread that stops (out of memory) fails its task; the next task starts another
  worker.on('error', (error) => void retire(thread, error));
  worker.on('exit', (code) => void retire(thread, new Error(`A worker thread stopped (exit code ${code})`)));
  threads.push(thread);
  return thread;
}

/** Gives the waiting tasks to idle threads, starting threads up to THREADS. */
async function next(): Promise<void> {
  const modules = await node();
  // synchronous from here: two calls never give one thread two tasks
  while (queue.length > 0) {
    const thread =
      threads.find((candidate) => !candidate.running) ??
      (threads.length < THREADS ? startThread(modules) : undefined);
    if (!thread) return;
    const waiting = queue.shift() as Waiting;
    const timer = setTimeout(
      () => void retire(thread, new TaskTimedOut(`${waiting.task.kind} took over ${waiting.timeLimitMs} ms`)),
      waiting.timeLimitMs,
    );
    thread.running = { ...waiting, timer };
    tasksTaken[waiting.task.kind]++;
    thread.worker.postMessage(waiting.task, waiting.transfer);
  }
}

/**
 * Runs a task in a worker thread within `timeLimitMs` (from when a thread takes it); rejects with
 * `TaskTimedOut` past it. Bytes in the task are moved to the thread, not copied.
 */
export function runInThread<T extends Task>(task: T, timeLimitMs: number): Promise<TaskAnswer<T>> {
  const bytes = 'bytes' in task.source ? task.source.bytes : undefined;
  // a view of a larger buffer is copied: moving the buffer would empty the other views
  const transfer =
    bytes && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
      ? [bytes.buffer as ArrayBuffer]
      : [];
  return new Promise((resolve, reject) => {
    queue.push({ task, transfer, timeLimitMs, resolve: resolve as (answer: unknown) => void, reject });
    void next();
  });
}
