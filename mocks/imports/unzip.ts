/**
 * Expanding an uploaded zip with bounds (issue 27): a zip of 2 000 small files took 109 s and a
 * zip bomb could fill the memory, because every entry was inflated at once before anything was
 * counted. Here the entries are inflated one stream at a time and counted as their bytes come out,
 * whatever their headers claim: too many entries, too many bytes in all, or a ratio of expanded to
 * compressed bytes that only a bomb reaches, and the expansion stops with a 413 in words.
 * In Node it runs in a worker thread (unzip-thread.ts, started by zip-files.ts), so it imports
 * nothing that would load the demo's database.
 */
import { Unzip, UnzipInflate, UnzipPassThrough } from 'fflate';
import type { UploadRefusal } from '../../streams/imports/api';
import { cleanName } from './sniff';

/** Files a zip may hold (folders and hidden files counted too: they cost a header each). */
export const MAX_ZIP_ENTRIES = 5_000;
/** Expanded bytes per zipped byte, past the first MB: text compresses 10:1, a bomb 1000:1. */
export const MAX_ZIP_RATIO = 100;
const RATIO_FREE_BYTES = 1_048_576;
/** Bytes given to the inflater at once: deflate expands at most ~1000:1, so ~16 MB come out before a count can stop it. */
export const ZIP_SLICE = 16_384;

export const megabytes = (bytes: number): string =>
  `${(bytes / 1_048_576).toFixed(1).replace(/\.0$/, '')} MB`;

/** Why a zip is not expanded, with the refusal's kind (the server answers it as `uploadRefusal`). */
export class ZipRefusal extends Error {
  constructor(
    readonly kind: UploadRefusal,
    message: string,
  ) {
    super(message);
  }
}

/** Where a kept entry's bytes go as they are inflated. */
export interface EntryWriter {
  write(chunk: Uint8Array): void;
  end(): void;
}

/** Folders, macOS resource forks and hidden files are not pictures anyone meant to import. */
const ignored = (path: string, base: string): boolean =>
  path.endsWith('/') || path.startsWith('__MACOSX/') || base.startsWith('.') || base === '';

/**
 * Inflates the zip `name` (`size` bytes, given in `slices` of at most ZIP_SLICE bytes), bounded in
 * entries, total expanded bytes (`maxTotal`) and ratio; each kept entry (its name cleaned) goes to
 * the writer `open` gives for it. Throws a `ZipRefusal`.
 */
export function expandZip(
  name: string,
  size: number,
  slices: Iterable<Uint8Array>,
  maxTotal: number,
  open: (entryName: string) => EntryWriter,
): void {
  let count = 0;
  let total = 0;
  const unzip = new Unzip((file) => {
    count += 1;
    if (count > MAX_ZIP_ENTRIES)
      throw new ZipRefusal(
        'zipEntries',
        `${name} holds more than ${MAX_ZIP_ENTRIES} files: send it in smaller zips`,
      );
    const base = cleanName(file.name, '');
    const writer = ignored(file.name, base) ? undefined : open(base);
    file.ondata = (error, chunk, final) => {
      if (error) throw error;
      total += chunk.byteLength;
      if (total > maxTotal)
        throw new ZipRefusal(
          'zipTooLarge',
          `${name} expands to more than ${megabytes(maxTotal)}: this import accepts files up to ${megabytes(maxTotal)} (${maxTotal} bytes)`,
        );
      if (total > RATIO_FREE_BYTES && total > size * MAX_ZIP_RATIO)
        throw new ZipRefusal(
          'zipBomb',
          `${name} expands more than ${MAX_ZIP_RATIO} times its size: it looks like a zip bomb and is not expanded`,
        );
      writer?.write(chunk);
      if (final) writer?.end();
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);
  try {
    let pushed = 0;
    for (const slice of slices) {
      pushed += slice.byteLength;
      unzip.push(slice, pushed >= size);
    }
    if (size === 0) unzip.push(new Uint8Array(0), true);
  } catch (error) {
    if (error instanceof ZipRefusal) throw error;
    throw new ZipRefusal('unreadableZip', `${name} is not a readable zip file`);
  }
}

/** Bytes in memory as the slices `expandZip` takes. */
export function* slicesOf(bytes: Uint8Array): Iterable<Uint8Array> {
  for (let at = 0; at < bytes.byteLength; at += ZIP_SLICE) yield bytes.subarray(at, at + ZIP_SLICE);
}
