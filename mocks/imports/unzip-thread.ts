/**
 * A zip expanded in a worker thread (worker-thread.ts runs it, zip-files.ts asks for it): the
 * uploaded zip, from its file (or bytes), into numbered files of `outDir`, with the bounds of
 * unzip.ts; answers the kept entries or the refusal. Synchronous reads and writes are fine here:
 * this thread serves no request.
 */
import { closeSync, openSync, readSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { workerData } from 'node:worker_threads';
import { noteClosed, noteOpen } from './held-files';
import { expandZip, slicesOf, ZIP_SLICE, ZipRefusal } from './unzip';

export interface UnzipJob {
  name: string;
  /** the zip on disk, or its bytes (an upload handled in-process) */
  source: { path: string; size: number } | { bytes: Uint8Array };
  outDir: string;
  maxTotal: number;
}

export type UnzipAnswer =
  | { entries: Array<{ name: string; path: string; size: number }> }
  | { refusal: { kind: ZipRefusal['kind']; message: string } };

/** Where this thread notes its open files for its pool (none when run outside a pool's thread). */
const heldFiles: SharedArrayBuffer | undefined = workerData?.heldFiles;

function openHeld(path: string, flags: 'r' | 'w'): number {
  const fd = openSync(path, flags);
  try {
    if (heldFiles) noteOpen(heldFiles, fd);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  return fd;
}

/** The note goes first: the pool must never close a number the process has given to another file since. */
function closeHeld(fd: number): void {
  if (heldFiles) noteClosed(heldFiles, fd);
  closeSync(fd);
}

/** The file read a MB at a time, given in ZIP_SLICE slices. */
function* fileSlices(path: string): Iterable<Uint8Array> {
  const fd = openHeld(path, 'r');
  const buffer = new Uint8Array(64 * ZIP_SLICE);
  try {
    for (;;) {
      const read = readSync(fd, buffer, 0, buffer.length, null);
      if (read === 0) return;
      yield* slicesOf(buffer.subarray(0, read));
    }
  } finally {
    closeHeld(fd);
  }
}

export function expandInThread({ name, source, outDir, maxTotal }: UnzipJob): UnzipAnswer {
  const entries: Array<{ name: string; path: string; size: number }> = [];
  const size = 'path' in source ? source.size : source.bytes.byteLength;
  const slices = 'path' in source ? fileSlices(source.path) : slicesOf(source.bytes);
  // an entry cut by a refusal is still open: closed at the end (the thread shares the process's files;
  // a thread stopped at its time limit has them closed by its pool, held-files.ts)
  const open = new Set<number>();
  try {
    expandZip(name, size, slices, maxTotal, (entryName) => {
      const entry = { name: entryName, path: join(outDir, String(entries.length)), size: 0 };
      entries.push(entry);
      const fd = openHeld(entry.path, 'w');
      open.add(fd);
      return {
        write: (chunk) => {
          entry.size += writeSync(fd, chunk);
        },
        end: () => {
          open.delete(fd);
          closeHeld(fd);
        },
      };
    });
  } catch (error) {
    if (error instanceof ZipRefusal) return { refusal: { kind: error.kind, message: error.message } };
    throw error;
  } finally {
    for (const fd of open) closeHeld(fd);
  }
  return { entries };
}
