/**
 * The files of an uploaded zip (issue 27). In Node the expansion runs in a worker thread, so the
 * demo server answers other requests meanwhile (a zip of 2 000 files blocked it for 109 s): the
 * worker writes the entries to a temporary folder and their files are read from there. In a
 * browser (the demo in a service worker) it runs in place, in memory.
 */
import type { Worker } from 'node:worker_threads';
import { diskPathOf, markOnDisk } from '../handlers/form';
import { runtime } from '../runtime';
import { uploadRefusal } from './request';
import { expandZip, slicesOf, ZipRefusal } from './unzip';
import type { UnzipAnswer, UnzipJob } from './unzip-thread';

export interface ExpandedZip {
  files: File[];
  /** removes what the expansion left on disk (files moved into storage are gone already) */
  dispose(): void;
}

const isNode = typeof process !== 'undefined' && Boolean(process.versions?.node);

/** The worker's heap: the inflater's window and a MB of reading, far below this. */
const WORKER_HEAP_MB = 128;

async function node() {
  const [fs, os, path, url, threads] = await Promise.all([
    import(/* @vite-ignore */ 'node:fs'),
    import(/* @vite-ignore */ 'node:os'),
    import(/* @vite-ignore */ 'node:path'),
    import(/* @vite-ignore */ 'node:url'),
    import(/* @vite-ignore */ 'node:worker_threads'),
  ]);
  return { fs, os, path, url, threads };
}

function inPlace(name: string, bytes: Uint8Array, maxTotal: number): File[] {
  const files: File[] = [];
  try {
    expandZip(name, bytes.byteLength, slicesOf(bytes), maxTotal, (entryName) => {
      const chunks: Uint8Array[] = [];
      return {
        write: (chunk) => chunks.push(chunk),
        end: () => files.push(new File(chunks as BlobPart[], entryName)),
      };
    });
  } catch (error) {
    if (error instanceof ZipRefusal) throw uploadRefusal(error.kind, error.message);
    throw error;
  }
  return files;
}

type Job = Omit<UnzipJob, 'id'>;
type Answer = Exclude<UnzipAnswer, { failure: string }>;

/** The zip worker, started on the first zip and kept (its start costs more than a small zip). */
let worker: Worker | undefined;
const waiting = new Map<number, { resolve(answer: Answer): void; reject(error: Error): void }>();
let lastJob = 0;

async function zipWorker(): Promise<Worker> {
  if (worker) return worker;
  const { path, url, threads } = await node();
  const script = path.join(path.dirname(url.fileURLToPath(import.meta.url)), 'unzip-worker.mjs');
  const started = new threads.Worker(script, { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
  // an idle worker does not keep the process alive
  started.unref();
  started.on('message', (answer: UnzipAnswer) => {
    const job = waiting.get(answer.id);
    waiting.delete(answer.id);
    if ('failure' in answer) job?.reject(new Error(`The zip worker failed: ${answer.failure}`));
    else job?.resolve(answer);
  });
  // a worker that stops (out of memory) fails its jobs; the next zip starts another
  const stop = (error: Error) => {
    if (worker === started) worker = undefined;
    for (const job of waiting.values()) job.reject(error);
    waiting.clear();
  };
  started.on('error', stop);
  started.on('exit', (code) => stop(new Error(`The zip worker stopped (exit code ${code})`)));
  worker = started;
  return started;
}

/** Expands the zip in the worker thread into `job.outDir`; answers the kept entries or the refusal. */
async function inWorker(job: Job): Promise<Answer> {
  const thread = await zipWorker();
  lastJob += 1;
  const id = lastJob;
  const transferList = 'bytes' in job.source ? [job.source.bytes.buffer as ArrayBuffer] : [];
  return new Promise<Answer>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    thread.postMessage({ ...job, id }, transferList);
  });
}

/** The kept files of the zip `name`, bounded as unzip.ts says; refusals are `ImportError`s. */
export async function expandUploadedZip(name: string, zip: File): Promise<ExpandedZip> {
  const maxTotal = runtime.settings['imports.maxFileSize'];
  if (!isNode)
    return { files: inPlace(name, new Uint8Array(await zip.arrayBuffer()), maxTotal), dispose: () => {} };
  const { fs, os, path } = await node();
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dam-demo-unzip-'));
  const dispose = () => fs.rmSync(outDir, { recursive: true, force: true });
  try {
    const onDisk = diskPathOf(zip);
    const source = onDisk
      ? { path: onDisk, size: zip.size }
      : { bytes: new Uint8Array(await zip.arrayBuffer()) };
    const answer = await inWorker({ name, source, outDir, maxTotal });
    if ('refusal' in answer) throw uploadRefusal(answer.refusal.kind, answer.refusal.message);
    const files = await Promise.all(
      answer.entries.map(async (entry) => {
        const file = new File([await fs.openAsBlob(entry.path)], entry.name);
        markOnDisk(file, entry.path);
        return file;
      }),
    );
    return { files, dispose };
  } catch (error) {
    dispose();
    throw error;
  }
}
