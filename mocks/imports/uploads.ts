/** Uploads add every item of a file or archive at once, so a failed upload leaves no half item behind. */
import { unzipSync } from 'fflate';
import { HttpResponse } from 'msw';
import type { ImportItem, ImportItemMetadata, ImportJob } from '../db/imports';
import { formFields, parseJson, textField } from '../handlers/form';
import { restEnvelope } from '../handlers/respond';
import { thumbnailOf } from '../media/thumbnail';
import { runtime } from '../runtime';
import { advance, S, takeItemIds, wireItem } from './model';
import { bool, type Ctx, envelope, ImportError, isRecord, jobOf, reduceId, touchJob } from './request';
import { removeStored, writeStored } from './storage';

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

function typeOf(name: string, sent: string): string {
  const type = sent.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type && type !== 'application/octet-stream') return type;
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  return EXTENSION_TYPES[extension] ?? 'application/octet-stream';
}

const accepts = (job: ImportJob, type: string): boolean =>
  job.accept.some((pattern) =>
    pattern.endsWith('/*') ? type.startsWith(pattern.slice(0, -1)) : pattern === type,
  );

const isZip = (name: string, type: string): boolean =>
  type === 'application/zip' || type === 'application/x-zip-compressed' || /\.zip$/i.test(name);

const megabytes = (bytes: number): string => `${(bytes / 1_048_576).toFixed(1).replace(/\.0$/, '')} MB`;

function tooLarge(name: string, size: number): ImportError {
  const max = runtime.settings['imports.maxFileSize'];
  return new ImportError(
    413,
    `${name} is ${megabytes(size)}: this import accepts files up to ${megabytes(max)} (${max} bytes)`,
  );
}

interface Incoming {
  name: string;
  type: string;
  bytes: Uint8Array;
}

/** Stores the files, makes thumbnails and blurhashes, then adds every item at once (no half item). */
async function addItems(
  ctx: Ctx,
  job: ImportJob,
  files: Incoming[],
  metadata: ImportItemMetadata,
): Promise<ImportItem[]> {
  const stored: string[] = [];
  const items: ImportItem[] = [];
  const ids = takeItemIds(ctx.db, files.length);
  try {
    for (const [index, file] of files.entries()) {
      const id = ids[index] as number;
      const key = await writeStored(ctx.db, `${id}-${file.name}`, file.bytes);
      stored.push(key);
      const thumbnail = await thumbnailOf(file.bytes, file.type, file.name);
      const thumbKey = await writeStored(
        ctx.db,
        `${id}.thumbnail.${thumbnail.type === 'image/jpeg' ? 'jpg' : 'svg'}`,
        thumbnail.bytes,
      );
      stored.push(thumbKey);
      const base = file.name.replace(/^.*[/\\]/, '');
      items.push({
        id,
        job: job.id,
        $resource: 'item',
        $path: 'massimport/data/item',
        name: base,
        filename: base,
        mimetype: file.type,
        filesize: file.bytes.byteLength,
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
      });
    }
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

function unzipEntries(zip: Incoming): { files: Incoming[]; skipped: string[] } {
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(zip.bytes);
  } catch {
    throw new ImportError(400, `${zip.name} is not a readable zip file`);
  }
  const files: Incoming[] = [];
  const skipped: string[] = [];
  let total = 0;
  for (const [path, bytes] of Object.entries(entries)) {
    const base = path.split('/').at(-1) ?? '';
    if (path.endsWith('/') || path.startsWith('__MACOSX/') || base.startsWith('.') || !base) continue;
    total += bytes.byteLength;
    files.push({ name: base, type: typeOf(base, ''), bytes });
  }
  if (total > runtime.settings['imports.maxFileSize']) throw tooLarge(`${zip.name} (expanded)`, total);
  return { files, skipped };
}

export async function upload(ctx: Ctx): Promise<Response> {
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
  const name =
    typeof description.name === 'string' && description.name ? description.name : part.name || 'upload';
  if (part.size > runtime.settings['imports.maxFileSize']) throw tooLarge(name, part.size);
  const type = typeOf(name, part.type);
  const file: Incoming = { name, type, bytes: new Uint8Array(await part.arrayBuffer()) };
  const metadata: ImportItemMetadata = {};
  for (const field of ['title', 'description'] as const) {
    if (typeof description[field] === 'string') metadata[field] = description[field] as string;
  }
  if (bool(ctx.params.get('unzip'), false) && isZip(name, type)) {
    const { files } = unzipEntries(file);
    const accepted = files.filter((entry) => accepts(job, entry.type));
    const skipped = files.filter((entry) => !accepts(job, entry.type)).map((entry) => entry.name);
    if (accepted.length === 0)
      throw new ImportError(
        400,
        `None of the files in ${name} has a format the import '${job.name}' accepts`,
        9,
      );
    const items = await addItems(ctx, job, accepted, metadata);
    const options = { workflows: false, simu: false, rights: false, lang: ctx.lang, writable: true };
    const answer = restEnvelope(ctx.request, {
      resource: 'item',
      data: items.map((item) => wireItem(ctx.db, item, options)),
    });
    return HttpResponse.json({ ...answer, response: { ...answer.response, skipped } });
  }
  if (!accepts(job, type))
    throw new ImportError(
      400,
      `The format of ${name} (${type}) is not accepted by the import '${job.name}'`,
      9,
    );
  const [item] = await addItems(ctx, job, [file], metadata);
  const options = { workflows: false, simu: false, rights: false, lang: ctx.lang, writable: true };
  return envelope(ctx, 'item', wireItem(ctx.db, item as ImportItem, options));
}
