/**
 * Where uploaded files and their thumbnails live (issue 15, demo convention): a temporary folder
 * per demo run, `{os.tmpdir()}/dam-demo-imports-XXXXXX`, made on the first upload. A new
 * database (a reset) gets a new folder and the old one is removed; the last one is removed when
 * the process exits. Node only: in a browser worker the bytes stay in memory.
 */
import type { Db } from '../db/index';
import type { ReadBytes } from '../handlers/byte-ranges';
import { diskPathOf } from '../handlers/form';
import { loadOnce } from '../handlers/load-once';

interface Folder {
  /** absolute path; undefined in a browser worker (memory only) */
  dir?: string;
  memory: Map<string, Uint8Array>;
}

const isNode = typeof process !== 'undefined' && Boolean(process.versions?.node);

let current: { db: Db; folder: Promise<Folder> } | undefined;
const made: string[] = [];

const node = loadOnce(async () => {
  const [fs, os, path, stream] = await Promise.all([
    import(/* @vite-ignore */ 'node:fs'),
    import(/* @vite-ignore */ 'node:os'),
    import(/* @vite-ignore */ 'node:path'),
    import(/* @vite-ignore */ 'node:stream'),
  ]);
  return { fs, os, path, stream };
});

async function removeFolder(folder: Promise<Folder>): Promise<void> {
  const { dir } = await folder;
  if (!dir) return;
  const { fs } = await node();
  fs.rmSync(dir, { recursive: true, force: true });
  const at = made.indexOf(dir);
  if (at >= 0) made.splice(at, 1);
}

let exitHooked = false;

async function makeFolder(): Promise<Folder> {
  if (!isNode) return { memory: new Map() };
  const { fs, os, path } = await node();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dam-demo-imports-'));
  made.push(dir);
  if (!exitHooked) {
    exitHooked = true;
    process.once('exit', () => {
      for (const left of made) fs.rmSync(left, { recursive: true, force: true });
    });
  }
  return { dir, memory: new Map() };
}

/** The folder of this database: a reset (a new db) removes the previous run's folder. */
function folderOf(db: Db): Promise<Folder> {
  if (current?.db === db) return current.folder;
  if (current) void removeFolder(current.folder);
  current = { db, folder: makeFolder() };
  return current.folder;
}

/** The folder's path of this database (made when needed); undefined in a browser. */
export async function storageDir(db: Db): Promise<string | undefined> {
  return (await folderOf(db)).dir;
}

const safe = (name: string): string => name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(-80) || 'file';

/** Stores bytes under a key (e.g. `12-IMG_0001.jpg`); answers the key. */
export async function writeStored(db: Db, key: string, bytes: Uint8Array): Promise<string> {
  const name = safe(key);
  const folder = await folderOf(db);
  if (!folder.dir) {
    folder.memory.set(name, bytes);
    return name;
  }
  const { fs, path } = await node();
  fs.writeFileSync(path.join(folder.dir, name), bytes);
  return name;
}

/**
 * Stores an uploaded file under a key; answers the key. A file staged on disk is moved, never read
 * into memory (a copy when the staging folder is on another device); others are written.
 */
export async function storeFile(db: Db, key: string, file: Blob): Promise<string> {
  const staged = diskPathOf(file);
  const folder = await folderOf(db);
  if (!staged || !folder.dir) return writeStored(db, key, new Uint8Array(await file.arrayBuffer()));
  const { fs, path } = await node();
  const name = safe(key);
  const target = path.join(folder.dir, name);
  try {
    fs.renameSync(staged, target);
  } catch {
    fs.copyFileSync(staged, target);
    fs.rmSync(staged, { force: true });
  }
  return name;
}

export async function readStored(db: Db, key: string): Promise<Uint8Array | undefined> {
  const folder = await folderOf(db);
  if (!folder.dir) return folder.memory.get(key);
  const { fs, path } = await node();
  try {
    return new Uint8Array(fs.readFileSync(path.join(folder.dir, key)));
  } catch {
    return undefined;
  }
}

/** Where a stored file lies on disk; undefined in a browser (memory only). */
export async function storedPath(db: Db, key: string): Promise<string | undefined> {
  const { dir } = await folderOf(db);
  if (!dir) return undefined;
  const { path } = await node();
  return path.join(dir, key);
}

/** A stored file to send: its size, and its bytes read as they are sent (byte-ranges.ts). */
export interface StoredFile {
  size: number;
  read: ReadBytes;
}

/** A stored file without reading it (issue 27: an original of 1 GB was read whole to be sent). */
export async function openStored(db: Db, key: string): Promise<StoredFile | undefined> {
  const folder = await folderOf(db);
  if (!folder.dir) {
    const bytes = folder.memory.get(key);
    return bytes && { size: bytes.length, read: (start, end) => bytes.slice(start, end + 1) };
  }
  const { fs, path, stream } = await node();
  const file = path.join(folder.dir, key);
  try {
    const { size } = fs.statSync(file);
    return {
      size,
      read: (start, end) =>
        stream.Readable.toWeb(fs.createReadStream(file, { start, end })) as ReadableStream<Uint8Array>,
    };
  } catch {
    return undefined;
  }
}

export async function removeStored(db: Db, key: string): Promise<void> {
  const folder = await folderOf(db);
  if (!folder.dir) {
    folder.memory.delete(key);
    return;
  }
  const { fs, path } = await node();
  fs.rmSync(path.join(folder.dir, key), { force: true });
}

/** Every stored key of this database's folder (tests). */
export async function listStored(db: Db): Promise<string[]> {
  const folder = await folderOf(db);
  if (!folder.dir) return [...folder.memory.keys()];
  const { fs } = await node();
  return fs.readdirSync(folder.dir).sort();
}
