/**
 * Multipart bodies streamed to disk (issue 27): a 200 MB upload read whole into memory raised the
 * demo server to 1.37 GB. Here every multipart body on a protocol path is read as it arrives: its
 * text fields are kept (bounded), each file part is written to a temporary file, and a body over
 * the size limit is answered 413 as soon as it is known, announced or counted, without storing
 * more, and its connection closed. The handlers then get a form whose files are read from disk (`openAsBlob`), through the
 * same `formFields` they call in-process (mocks/handlers/form.ts). Each request's files are removed
 * when its answer is sent (a handler that keeps a file moves it away first), and all of them on reset.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdtempSync, openAsBlob, readdirSync, rmSync, type WriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RequestHandler } from 'express';
import { markOnDisk, STAGED_FORM_HEADER, stageForm, unstageForm } from '../handlers/form';
import { errorBody } from '../handlers/respond';
import { tooLarge } from '../imports/request';
import type { LoggedBody, LoggedFile } from '../runtime';
import { runtime } from '../runtime';
import { MultipartError, type PartHead, type PartSink, readMultipart } from './multipart-stream';

/** What a multipart body may hold beyond its largest file: its fields and part headers. */
const FORM_ALLOWANCE = 1_048_576;
/** A text field larger than this is no form field a client sends. */
const MAX_FIELD_BYTES = 1_048_576;

/**
 * After a refusal for size, how much more of the body is read (and dropped) before the connection
 * is closed: enough for the client to have read the answer before the close (closing with its
 * bytes unread would reset the connection and could lose the answer), never the whole body.
 */
const LINGER_BYTES = 4 * 1_048_576;
const LINGER_MS = 2_000;

/** A body over the limit: answered 413 at once, the connection closed soon after. */
class BodyTooLarge extends Error {
  constructor(readonly size: number) {
    super('body too large');
  }
}

let folder: string | undefined;

/** The process's staging folder, made on the first upload and removed when the process exits. */
function stagingFolder(): string {
  if (folder) return folder;
  const made = mkdtempSync(join(tmpdir(), 'dam-demo-uploads-'));
  process.once('exit', () => rmSync(made, { recursive: true, force: true }));
  folder = made;
  return made;
}

/** Files staged and not yet removed (tests): none once every answer is sent. */
export function stagedFiles(): string[] {
  return folder ? readdirSync(folder) : [];
}

/** On reset: every staged file goes, those of uploads still arriving included (they then fail). */
export function removeStagedFiles(): void {
  for (const name of stagedFiles()) rmSync(join(stagingFolder(), name), { recursive: true, force: true });
}

interface StagedPart {
  head: PartHead;
  /** a file part's path on disk */
  path?: string;
  /** a text field's bytes */
  chunks: Buffer[];
  size: number;
}

/** A sink writing to a file, holding the body while the disk catches up. */
function fileSink(part: StagedPart, path: string, open: WriteStream[]): PartSink {
  const stream = createWriteStream(path);
  open.push(stream);
  return {
    write: (chunk) => {
      part.size += chunk.byteLength;
      if (stream.write(chunk)) return;
      return new Promise<void>((resolve) => stream.once('drain', resolve));
    },
    end: () =>
      new Promise<void>((resolve, reject) =>
        stream.end((error?: Error | null) => (error ? reject(error) : resolve())),
      ),
  };
}

function fieldSink(part: StagedPart): PartSink {
  return {
    write: (chunk) => {
      part.size += chunk.byteLength;
      if (part.size > MAX_FIELD_BYTES) throw new MultipartError(`the field ${part.head.name} is over 1 MB`);
      part.chunks.push(chunk);
    },
    end: () => undefined,
  };
}

/** The form of the staged parts, file parts read from disk; and what the request log shows of it. */
async function formOf(parts: StagedPart[]): Promise<{ form: FormData; logged: LoggedBody }> {
  const form = new FormData();
  const logged: Record<string, string | LoggedFile | Array<string | LoggedFile>> = {};
  for (const part of parts) {
    let value: string | File;
    let shown: string | LoggedFile;
    if (part.path) {
      const file = new File([await openAsBlob(part.path)], part.head.filename ?? '', {
        type: part.head.type,
      });
      markOnDisk(file, part.path);
      value = file;
      shown = { name: file.name, size: file.size, type: file.type };
    } else {
      value = Buffer.concat(part.chunks).toString('utf8');
      shown = value;
    }
    form.append(part.head.name, value);
    const previous = logged[part.head.name];
    logged[part.head.name] =
      previous === undefined ? shown : [...(Array.isArray(previous) ? previous : [previous]), shown];
  }
  return { form, logged };
}

/** Counts the body's bytes as they come, refusing it past `limit`. */
async function* counted(body: AsyncIterable<Buffer>, limit: number): AsyncIterable<Buffer> {
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > limit) throw new BodyTooLarge(size);
    yield chunk;
  }
}

/**
 * Answers 413 and closes the connection once the answer is out, past a short linger (LINGER_BYTES
 * or LINGER_MS): a body of any size is not read to its end (issue 27: it was drained whole).
 */
function refuseTooLarge(
  req: Parameters<RequestHandler>[0],
  res: Parameters<RequestHandler>[1],
  size: number,
) {
  const refusal = tooLarge('The upload', size);
  // no `Connection: close`: Node would then close at once, and the client, still sending, could
  // lose the answer to the reset
  res.status(refusal.status).json(errorBody(refusal.status, refusal.message, refusal.subcode));
  const socket = req.socket;
  let lingered = 0;
  const close = () => socket.destroy();
  const timer = setTimeout(close, LINGER_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  req.on('data', (chunk: Buffer) => {
    lingered += chunk.byteLength;
    if (lingered > LINGER_BYTES) close();
  });
  req.resume();
}

/**
 * Streams a multipart body (`boundary` from its type) to disk and stages its form under the header
 * the handlers read; `res.locals.loggedForm` gets what the request log shows of it. A body that is
 * not a complete form is staged as `null`, so the handler answers it as it would in-process.
 */
export async function stageMultipart(
  req: Parameters<RequestHandler>[0],
  res: Parameters<RequestHandler>[1],
  next: Parameters<RequestHandler>[2],
  boundary: string,
): Promise<void> {
  const limit = runtime.settings['imports.maxFileSize'] + FORM_ALLOWANCE;
  const announced = Number(req.headers['content-length']);
  // answered before a byte is read
  if (Number.isFinite(announced) && announced > limit) return refuseTooLarge(req, res, announced);
  const id = randomUUID();
  const parts: StagedPart[] = [];
  const open: WriteStream[] = [];
  const removeFiles = () => {
    for (const stream of open) stream.destroy();
    for (const part of parts) if (part.path) rmSync(part.path, { force: true });
    unstageForm(id);
  };
  res.once('close', removeFiles);
  const dir = stagingFolder();
  try {
    // not destroyed on a refusal: the connection is closed once the answer is out (refuseTooLarge)
    const body = req.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>;
    await readMultipart(counted(body, limit), boundary, (head) => {
      const part: StagedPart = { head, chunks: [], size: 0 };
      parts.push(part);
      if (head.filename === undefined) return fieldSink(part);
      part.path = join(dir, `${id}-${parts.length}`);
      return fileSink(part, part.path, open);
    });
    const { form, logged } = await formOf(parts);
    stageForm(id, form);
    res.locals.loggedForm = logged;
  } catch (error) {
    removeFiles();
    if (error instanceof BodyTooLarge) return refuseTooLarge(req, res, error.size);
    req.resume();
    if (!(error instanceof MultipartError)) return next(error);
    stageForm(id, null);
    res.locals.loggedForm = null;
  }
  req.headers[STAGED_FORM_HEADER] = id;
  next();
}
