/**
 * Expanding an uploaded zip with bounds (issue 27): a zip of 2 000 small files took 109 s and a
 * zip bomb could fill the memory, because every entry was inflated at once before anything was
 * counted. Here the entries are inflated one stream at a time and counted as their bytes come out,
 * whatever their headers claim: too many entries, too many bytes in all, or a ratio of expanded to
 * compressed bytes that only a bomb reaches, and the expansion stops with a 413 in words.
 */
import { Unzip, UnzipInflate, UnzipPassThrough } from 'fflate';
import { runtime } from '../runtime';
import { ImportError, uploadRefusal } from './request';
import { cleanName } from './sniff';

/** Files a zip may hold (folders and hidden files counted too: they cost a header each). */
export const MAX_ZIP_ENTRIES = 500;
/** Expanded bytes per zipped byte, past the first MB: text compresses 10:1, a bomb 1000:1. */
export const MAX_ZIP_RATIO = 100;
const RATIO_FREE_BYTES = 1_048_576;
const ZIP_SLICE = 16_384;

export interface ZipEntry {
  name: string;
  bytes: Uint8Array;
}

const megabytes = (bytes: number): string => `${(bytes / 1_048_576).toFixed(1).replace(/\.0$/, '')} MB`;

/** Folders, macOS resource forks and hidden files are not pictures anyone meant to import. */
const ignored = (path: string, base: string): boolean =>
  path.endsWith('/') || path.startsWith('__MACOSX/') || base.startsWith('.') || base === '';

/** The files of a zip, bounded in count, total size (`imports.maxFileSize`) and ratio. */
export function expandZip(name: string, zip: Uint8Array): ZipEntry[] {
  const maxTotal = runtime.settings['imports.maxFileSize'];
  const entries: ZipEntry[] = [];
  let count = 0;
  let total = 0;
  const unzip = new Unzip((file) => {
    count += 1;
    if (count > MAX_ZIP_ENTRIES)
      throw uploadRefusal(
        'zipEntries',
        `${name} holds more than ${MAX_ZIP_ENTRIES} files: send it in smaller zips`,
      );
    const base = cleanName(file.name, '');
    const keep = !ignored(file.name, base);
    const chunks: Uint8Array[] = [];
    file.ondata = (error, chunk, final) => {
      if (error) throw error;
      total += chunk.byteLength;
      if (total > maxTotal)
        throw uploadRefusal(
          'zipTooLarge',
          `${name} expands to more than ${megabytes(maxTotal)}: this import accepts files up to ${megabytes(maxTotal)} (${maxTotal} bytes)`,
        );
      if (total > RATIO_FREE_BYTES && total > zip.byteLength * MAX_ZIP_RATIO)
        throw uploadRefusal(
          'zipBomb',
          `${name} expands more than ${MAX_ZIP_RATIO} times its size: it looks like a zip bomb and is not expanded`,
        );
      if (keep) chunks.push(chunk);
      if (final && keep) entries.push({ name: base, bytes: concat(chunks) });
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);
  try {
    // small slices: deflate expands at most ~1000:1, so one slice yields at most ~16 MB before the
    // counts above can stop it (pushed whole, a bomb's entry would inflate whole first)
    for (let at = 0; at < zip.byteLength; at += ZIP_SLICE)
      unzip.push(zip.subarray(at, at + ZIP_SLICE), at + ZIP_SLICE >= zip.byteLength);
    if (zip.byteLength === 0) unzip.push(zip, true);
  } catch (error) {
    if (error instanceof ImportError) throw error;
    throw uploadRefusal('unreadableZip', `${name} is not a readable zip file`);
  }
  return entries;
}

function concat(chunks: Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}
