/**
 * The files of an uploaded zip (issue 27). In Node the expansion runs in a worker thread
 * (worker-pool.ts), so the demo server answers other requests meanwhile (a zip of 2 000 files
 * blocked it for 109 s), within `imports.unzipTimeLimitMs`: the thread writes the entries to a
 * temporary folder and their files are read from there. In a browser (the demo in a service
 * worker) it runs in place, in memory.
 */
import { diskPathOf, markOnDisk } from '../handlers/form';
import { loadOnce } from '../handlers/load-once';
import { nextTurn } from '../handlers/slices';
import { runtime } from '../runtime';
import { uploadRefusal } from './request';
import { expandZip, slicesOf, ZipRefusal } from './unzip';
import { runInThread, TaskTimedOut } from './worker-pool';

export interface ExpandedZip {
  files: File[];
  /** removes what the expansion left on disk (files moved into storage are gone already) */
  dispose(): void;
}

/** Entries opened between two turns for other requests. */
const ENTRIES_PER_TURN = 200;

const isNode = typeof process !== 'undefined' && Boolean(process.versions?.node);

const node = loadOnce(async () => {
  const [fs, os, path] = await Promise.all([
    import(/* @vite-ignore */ 'node:fs'),
    import(/* @vite-ignore */ 'node:os'),
    import(/* @vite-ignore */ 'node:path'),
  ]);
  return { fs, os, path };
});

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

const seconds = (ms: number): string => `${Number((ms / 1000).toFixed(3))} s`;

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
    const timeLimitMs = runtime.settings['imports.unzipTimeLimitMs'];
    const answer = await runInThread({ kind: 'unzip', name, source, outDir, maxTotal }, timeLimitMs).catch(
      (error) => {
        if (!(error instanceof TaskTimedOut)) throw error;
        throw uploadRefusal(
          'zipTimeout',
          `${name} took more than ${seconds(timeLimitMs)} to expand: send it in smaller zips`,
        );
      },
    );
    if ('refusal' in answer) throw uploadRefusal(answer.refusal.kind, answer.refusal.message);
    const files: File[] = [];
    for (const entry of answer.entries) {
      // each opening reads the file's size: thousands of them take a while
      if (files.length % ENTRIES_PER_TURN === 0) await nextTurn();
      const file = new File([await fs.openAsBlob(entry.path)], entry.name);
      markOnDisk(file, entry.path);
      files.push(file);
    }
    return { files, dispose };
  } catch (error) {
    dispose();
    throw error;
  }
}
