/**
 * Uploads add every item of a file or archive at once, so a failed upload leaves no half item behind.
 * A file is what its bytes say (mocks/imports/sniff.ts), never what its name or declared type claim.
 */
import { HttpResponse } from 'msw';
import type { ImportItem, ImportItemMetadata, ImportJob } from '../db/imports';
import { formFields, parseJson, textField } from '../handlers/form';
import { restEnvelope } from '../handlers/respond';
import { jsonInSlices, mapBounded } from '../handlers/slices';
import { runtime } from '../runtime';
import { advance, S, takeItemIds, wireItem } from './model';
import {
  bool,
  type Ctx,
  envelope,
  ImportError,
  isRecord,
  jobOf,
  reduceId,
  tooLarge,
  touchJob,
  uploadRefusal,
} from './request';
import { cleanName, oversized, type Sniffed, sampleOf, sniff } from './sniff';
import { removeStored, storeFile, writeStored } from './storage';
import { uploadThumbnail } from './thumbnails';
import { THREADS } from './worker-pool';
import { expandUploadedZip } from './zip-files';

/** A zip's files typed at once (each a read of its head and tail). */
const SNIFFED_AT_ONCE = 8;

/** What a name or a declared type claims, for the refusals' words (the type itself comes from the bytes). */
const EXTENSION_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  pdf: 'application/pdf',
  zip: 'application/zip',
  txt: 'text/plain',
  exe: 'application/x-msdownload',
};

function claimedType(name: string, sent: string): string {
  const type = sent.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type && type !== 'application/octet-stream') return type;
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  return EXTENSION_TYPES[extension] ?? 'application/octet-stream';
}

const accepts = (job: ImportJob, type: string): boolean =>
  job.accept.some((pattern) =>
    pattern.endsWith('/*') ? type.startsWith(pattern.slice(0, -1)) : pattern === type,
  );

/** A file to add as an item: its cleaned name, the type its bytes show, the file (on disk or in memory). */
interface Incoming {
  name: string;
  type: string;
  file: Blob;
}

/**
 * The refusal of a file whose bytes a real server would not store, or undefined: a program or
 * markup that can run script (400/9 whatever the import accepts), a picture cut short or broken
 * (400), a picture too large to decode (413, read from its header), a type the import does not
 * accept (400/9, naming what the name claimed when the bytes say otherwise).
 */
function refusalOf(job: ImportJob, name: string, claimed: string, found: Sniffed): ImportError | undefined {
  const claim =
    claimed !== found.type && claimed !== 'application/octet-stream' ? ` (named as ${claimed})` : '';
  if (found.dangerous)
    return uploadRefusal(
      'format',
      `${name} is ${found.label}${claim}: ${found.dangerous}, so it is not accepted`,
    );
  if (found.damaged)
    return uploadRefusal(
      'damaged',
      `${name} is not a complete ${found.label.replace(/^an? /, '')}: ${found.damaged}`,
    );
  const tooLarge = found.size && oversized(found.size);
  if (tooLarge) return uploadRefusal('tooManyPixels', `${name} is refused: ${tooLarge}`);
  if (!accepts(job, found.type)) {
    if (claim)
      return uploadRefusal(
        'format',
        `The content of ${name} is ${found.label} (${found.type}), not ${claimed} as its name or type says: the import '${job.name}' does not accept it`,
      );
    return uploadRefusal(
      'format',
      `The format of ${name} (${found.type}) is not accepted by the import '${job.name}'`,
    );
  }
  return undefined;
}

/**
 * Stores the files, makes thumbnails and blurhashes, then adds every item at once (no half item).
 * The thumbnails of a zip's pictures are drawn side by side, as many at once as the worker pool has
 * threads: never more, so another upload's thumbnail waits behind a few of them, not all.
 */
async function addItems(
  ctx: Ctx,
  job: ImportJob,
  files: Incoming[],
  metadata: ImportItemMetadata,
): Promise<ImportItem[]> {
  const stored: string[] = [];
  const ids = takeItemIds(ctx.db, files.length);
  const itemOf = async (file: Incoming, index: number): Promise<ImportItem> => {
    const id = ids[index] as number;
    // the thumbnail first: storing moves a file staged on disk
    const thumbnail = await uploadThumbnail(file.file, file.type, file.name);
    const key = await storeFile(ctx.db, `${id}-${file.name}`, file.file);
    stored.push(key);
    const thumbKey = await writeStored(
      ctx.db,
      `${id}.thumbnail.${thumbnail.type === 'image/jpeg' ? 'jpg' : 'svg'}`,
      thumbnail.bytes,
    );
    stored.push(thumbKey);
    const base = cleanName(file.name);
    return {
      id,
      job: job.id,
      $resource: 'item',
      $path: 'massimport/data/item',
      name: base,
      filename: base,
      mimetype: file.type,
      filesize: file.file.size,
      status: S.analyzing,
      indexingstatus: 'pending',
      blurhash: thumbnail.blurhash,
      $datatime: ctx.now.toISOString(),
      modified: ctx.now.toISOString(),
      metadata: { title: base.replace(/\.[^.]+$/, ''), ...metadata },
      error: null,
      readyAt: Date.now() + runtime.settings['imports.analyzeMs'],
      file: key,
      thumbnail: { key: thumbKey, type: thumbnail.type, width: thumbnail.width, height: thumbnail.height },
      ...(thumbnail.source && { size: thumbnail.source }),
      type: 'asset',
    };
  };
  let items: ImportItem[];
  try {
    items = await mapBounded(files, THREADS, itemOf);
  } catch (error) {
    for (const key of stored) await removeStored(ctx.db, key);
    throw error;
  }
  ctx.db.importItems.push(...items);
  // uploads side by side may finish out of order: the rows stay sorted by id
  const rows = ctx.db.importItems;
  if (rows.some((row, index) => index > 0 && (rows[index - 1] as ImportItem).id > row.id))
    rows.sort((a, b) => a.id - b.id);
  touchJob(job, ctx.now);
  advance(ctx.db);
  return items;
}

/**
 * A zip's files as items: expanded off the request thread (zip-files.ts); what would be refused
 * alone is skipped and listed, the others are imported.
 */
async function uploadZip(ctx: Ctx, job: ImportJob, name: string, zip: File, metadata: ImportItemMetadata) {
  const expanded = await expandUploadedZip(name, zip);
  try {
    // a few files read at once: two thousand reads settling together held the thread for a while
    const files = await mapBounded(expanded.files, SNIFFED_AT_ONCE, async (file) => ({
      file,
      found: sniff(await sampleOf(file)),
    }));
    const accepted = files.filter(
      (entry) => !refusalOf(job, entry.file.name, claimedType(entry.file.name, ''), entry.found),
    );
    const skipped = files.filter((entry) => !accepted.includes(entry)).map((entry) => entry.file.name);
    if (accepted.length === 0)
      throw uploadRefusal(
        'format',
        `None of the files in ${name} has a format the import '${job.name}' accepts`,
      );
    const incoming = accepted.map((entry) => ({
      name: entry.file.name,
      type: entry.found.type,
      file: entry.file,
    }));
    const items = await addItems(ctx, job, incoming, metadata);
    return { items, skipped };
  } finally {
    expanded.dispose();
  }
}

export async function upload(ctx: Ctx): Promise<Response> {
  // a body announced larger than any file may be is refused before it is read (the demo server's
  // HTTP layer refuses it earlier still, mocks/middleware/upload-staging.ts)
  const announced = Number(ctx.request.headers.get('content-length'));
  const max = runtime.settings['imports.maxFileSize'];
  if (Number.isFinite(announced) && announced > max + 1_048_576) throw tooLarge('The upload', announced);
  const form = await formFields(ctx.request);
  if (!form) throw new ImportError(400, 'An upload must be a complete multipart body');
  const text = textField(form, 'json');
  if (text === undefined) throw new ImportError(400, 'An upload needs the multipart field json');
  const parsed = parseJson(text);
  if (!parsed.ok || !isRecord(parsed.value))
    throw new ImportError(400, `json must be a JSON object: ${text}`);
  const description = parsed.value;
  const job = jobOf(ctx, reduceId(description.job) ?? -1);
  if (job.status === 'done' || !job.activated)
    throw new ImportError(400, `The import '${job.name}' is closed`);
  const reference = description.binary;
  if (typeof reference !== 'string' || !reference.startsWith('cid:'))
    throw new ImportError(400, 'json.binary must name the file part as cid:{field}');
  const part = form.get(reference.slice(4));
  if (!part || typeof part === 'string')
    throw new ImportError(400, `No file part ${reference.slice(4)} for ${reference}`);
  const name = cleanName(
    typeof description.name === 'string' && description.name ? description.name : part.name || 'upload',
  );
  if (part.size > max) throw tooLarge(name, part.size);
  // the type from the file's first MB and last 64 KB: a file on disk is not read whole
  const found = sniff(await sampleOf(part));
  const metadata: ImportItemMetadata = {};
  for (const field of ['title', 'description'] as const) {
    if (typeof description[field] === 'string') metadata[field] = description[field] as string;
  }
  const options = { workflows: false, simu: false, rights: false, lang: ctx.lang, writable: true };
  if (bool(ctx.params.get('unzip'), false) && found.type === 'application/zip') {
    const { items, skipped } = await uploadZip(ctx, job, name, part, metadata);
    const answer = restEnvelope(ctx.request, { resource: 'item', data: items });
    // thousands of items: serialised a slice at a time as the answer is sent
    const body = jsonInSlices(
      { ...answer, response: { ...answer.response, skipped } },
      ['response', 'data'],
      items,
      (item) => wireItem(ctx.db, item, options),
    );
    return new HttpResponse(body, { headers: { 'Content-Type': 'application/json' } });
  }
  const refused = refusalOf(job, name, claimedType(name, part.type), found);
  if (refused) throw refused;
  const [item] = await addItems(ctx, job, [{ name, type: found.type, file: part }], metadata);
  return envelope(ctx, 'item', wireItem(ctx.db, item as ImportItem, options));
}
