/**
 * A zip expanded in a worker thread (worker-thread.ts runs it, zip-files.ts asks for it): the
 * uploaded zip, from its file (or bytes), into numbered files of `outDir`, with the bounds of
 * unzip.ts; answers the kept entries or the refusal. Synchronous reads and writes are fine here:
 * this thread serves no request.
 */
import { closeSync, openSync, readSync, writeSync } from 'node:fs';
import { join } from 'node:path';
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

/** The file read a MB at a time, given in ZIP_SLICE slices. */
function* fileSlices(path: string): Iterable<Uint8Array> {
  const fd = openSync(path, 'r');
  const buffer = new Uint8Array(64 * ZIP_SLICE);
  try {
    for (;;) {
      const read = readSync(fd, buffer, 0, buffer.length, null);
      if (read === 0) return;
      yield* slicesOf(buffer.subarray(0, read));
    }
  } finally {
    closeSync(fd);
  }
}

export function expandInThread({ name, source, outDir, maxTotal }: UnzipJob): UnzipAnswer {
  const entries: Array<{ name: string; path: string; size: number }> = [];
  const size = 'path' in source ? source.size : source.bytes.byteLength;
  const slices = 'path' in source ? fileSlices(source.path) : slicesOf(source.bytes);
  // an entry cut by a refusal is still open: closed at the end (the thread shares the process's
  // files; those of a thread stopped at its time limit are closed by Node as the thread ends)
  const open = new Set<number>();
  try {
    expandZip(name, size, slices, maxTotal, (entryName) => {
      const entry = { name: entryName, path: join(outDir, String(entries.length)), size: 0 };
      entries.push(entry);
      const fd = openSync(entry.path, 'w');
      open.add(fd);
      return {
        write: (chunk) => {
          entry.size += writeSync(fd, chunk);
        },
        end: () => {
          open.delete(fd);
          closeSync(fd);
        },
      };
    });
  } catch (error) {
    if (error instanceof ZipRefusal) return { refusal: { kind: error.kind, message: error.message } };
    throw error;
  } finally {
    for (const fd of open) closeSync(fd);
  }
  return { entries };
}
