/**
 * `npm run bench:uploads`: the demo server's uploads under load (issue 27), measured on a demo
 * server of its own (a child process, so its memory is its own, worker threads included): the
 * peak memory (RSS) while the thumbnail of a 40 MP JPEG or of a 12 MP PNG is drawn and while a
 * 1 GB file is uploaded, how long a GET waits meanwhile, and the time to import a zip of 2 000
 * pictures (its answer comes once every thumbnail is drawn) and to download a cart of 2 000 assets as a zip,
 * with the GET's wait during each. A measurement, not
 * a test: it prints the figures with their targets and never fails on one.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import * as jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { request as httpRequest } from 'node:http';
import { encodeJpeg } from '../mocks/media/jpeg-encode';
import { file, zipBytes } from '../tests/integration/demo-server-imports/helpers';
import { bearer, sessionApi } from '../tests/integration/mocks/session-helpers';

const GIGABYTE = 1_073_741_824;
const ZIP_FILES = 2_000;
const POLL_MS = 100;

/** The demo server in a child process (API only); answers its origin once it listens. */
function startServer(): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'mocks/server.ts'], {
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the demo server stopped (${code})`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      const port = /localhost:(\d+)/.exec(chunk.toString())?.[1];
      if (port) resolve({ child, base: `http://127.0.0.1:${port}` });
    });
  });
}

/** A line of /proc/{pid}/status in MB: VmRSS now, VmHWM the peak so far. */
function memoryMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`${field}:\\s+(\\d+) kB`));
  return Math.round(Number(line?.[1] ?? 0) / 1024);
}

/** Starts the peak (VmHWM) again from the memory in use now, so each row has a peak of its own. */
const resetPeak = (pid: number) => writeFileSync(`/proc/${pid}/clear_refs`, '5');

/** A JPEG of about 40 MP (7 300 × 5 475), a gradient so it does not compress to nothing. */
function largeJpeg(): Uint8Array {
  const [width, height] = [7_300, 5_475];
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) data.set([x % 256, y % 256, (x + y) % 256, 255], (y * width + x) * 4);
  return new Uint8Array(jpeg.encode({ width, height, data }, 85).data);
}

/** Picture n of the zip: 64 × 48, its colours its own. */
function zipPicture(n: number): Uint8Array {
  const [width, height] = [64, 48];
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      data.set([(x * 4 + n) % 256, (y * 5 + n * 7) % 256, n % 256, 255], (y * width + x) * 4);
  return encodeJpeg({ width, height, data }, 85);
}

/** GETs a job again and again until `stop()`, keeping the longest wait. */
function pollLatency(base: string, headers: Record<string, string>) {
  const waits: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      await (await fetch(`${base}/api/rest/massimport/job/1`, { headers })).arrayBuffer();
      waits.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  })();
  return async () => {
    running = false;
    await loop;
    const sorted = [...waits].sort((a, b) => a - b);
    return {
      count: waits.length,
      maxMs: Math.round(sorted.at(-1) ?? 0),
      medianMs: Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0),
    };
  };
}

/** Uploads a PDF of `size` bytes made as it is sent (a header, then zeros), honouring backpressure. */
function uploadBig(base: string, headers: Record<string, string>, size: number): Promise<number> {
  const boundary = 'bench-boundary-7f3a';
  const start = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="json"\r\n\r\n` +
      `${JSON.stringify({ job: 1, binary: 'cid:binary', name: 'big.pdf' })}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="binary"; filename="big.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n%PDF-1.7\n',
  );
  const end = Buffer.from(`\r\n--${boundary}--\r\n`);
  const fileBytes = size - '%PDF-1.7\n'.length;
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const request = httpRequest({
      host: hostname,
      port,
      method: 'POST',
      path: '/api/rest/massimport/item?unzip=false',
      headers: {
        ...headers,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(start.length + fileBytes + end.length),
      },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    const zeros = Buffer.alloc(1_048_576);
    let left = fileBytes;
    const write = () => {
      while (left > 0) {
        const piece = zeros.subarray(0, Math.min(zeros.length, left));
        left -= piece.length;
        if (!request.write(piece)) return void request.once('drain', write);
      }
      request.end(end);
    };
    request.write(start);
    write();
  });
}

/**
 * POSTs a form with node:http, which waits for the answer as long as it takes (fetch gives up
 * after 300 s without headers, and a zip of 2 000 pictures may take longer on a busy machine).
 */
async function postForm(
  url: string,
  headers: Record<string, string>,
  form: FormData,
): Promise<{ status: number; json: unknown }> {
  const encoded = new Request(url, { method: 'POST', body: form });
  const body = Buffer.from(await encoded.arrayBuffer());
  const { hostname, port, pathname, search } = new URL(url);
  return new Promise((resolve, reject) => {
    const request = httpRequest({
      host: hostname,
      port,
      method: 'POST',
      path: pathname + search,
      headers: {
        ...headers,
        'content-type': encoded.headers.get('content-type') ?? '',
        'content-length': String(body.length),
      },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString()) }),
      );
    });
    request.end(body);
  });
}

/** Prints a figure as soon as it is measured. */
const report = (name: string, value: string, target?: string) =>
  console.log(`${name}: ${value}${target ? ` (target ${target})` : ''}`);

interface Bench {
  base: string;
  pid: number;
  headers: Record<string, string>;
}

/**
 * Runs one row: its peak RSS from the memory in use before it, and the GETs' waits meanwhile.
 * `run` answers what the row's line says of its result.
 */
async function measured(bench: Bench, name: string, run: () => Promise<string>): Promise<void> {
  const idleRss = memoryMb(bench.pid, 'VmRSS');
  resetPeak(bench.pid);
  const stop = pollLatency(bench.base, bench.headers);
  const started = performance.now();
  const result = await run();
  const seconds = (performance.now() - started) / 1000;
  const waits = await stop();
  report(
    `${name} (${result}), ${seconds.toFixed(1)} s: peak RSS (before it ${idleRss} MB)`,
    `${memoryMb(bench.pid, 'VmHWM')} MB`,
  );
  report(
    `GET during it: longest wait (median ${waits.medianMs} ms, ${waits.count} GETs)`,
    `${waits.maxMs} ms`,
    '< 200 ms',
  );
}

/** Uploads one file as an item of job 1; answers the status and the item. */
async function uploadOne(bench: Bench, bytes: Uint8Array, name: string, type: string) {
  const form = new FormData();
  form.set('json', JSON.stringify({ job: 1, binary: 'cid:binary', name }));
  form.set('binary', file(bytes, name, type));
  const answer = await fetch(`${bench.base}/api/rest/massimport/item?unzip=false`, {
    method: 'POST',
    headers: bench.headers,
    body: form,
  });
  return { status: answer.status, item: (await answer.json()).response?.data };
}

/** What the thumbnail of an item is: its size when drawn, else the icon. */
async function thumbnailOf(bench: Bench, item: { thumbnail?: string } | undefined): Promise<string> {
  const thumbnail = await fetch(`${bench.base}/api${item?.thumbnail}`, { headers: bench.headers });
  if (thumbnail.headers.get('content-type') !== 'image/jpeg') return 'the type icon';
  const drawn = jpeg.decode(new Uint8Array(await thumbnail.arrayBuffer()));
  return `${drawn.width} × ${drawn.height}`;
}

/** A PNG just under the 12 MP the demo server decodes (4 000 × 2 990), one colour. */
function largePng(): Uint8Array {
  const png = new PNG({ width: 4_000, height: 2_990 });
  png.data.fill(90);
  return new Uint8Array(PNG.sync.write(png, { colorType: 2 }));
}

/** Each row makes its input first (before the server starts: sockets left idle meanwhile would be closed), then runs. */
const ROWS: Record<string, () => (bench: Bench) => Promise<void>> = {
  photo: () => {
    const photo = largeJpeg();
    return (bench) =>
      measured(bench, `40 MP JPEG (${(photo.length / 1_048_576).toFixed(1)} MB)`, async () => {
        const { status, item } = await uploadOne(bench, photo, 'large.jpg', 'image/jpeg');
        return `answer ${status}, thumbnail ${await thumbnailOf(bench, item)}`;
      });
  },
  png: () => {
    const png = largePng();
    return (bench) =>
      measured(bench, `12 MP PNG (${(png.length / 1_048_576).toFixed(1)} MB)`, async () => {
        const { status, item } = await uploadOne(bench, png, 'large.png', 'image/png');
        return `answer ${status}, thumbnail ${await thumbnailOf(bench, item)}`;
      });
  },
  gigabyte: () => (bench) =>
    measured(
      bench,
      '1 GB upload',
      async () => `answer ${await uploadBig(bench.base, bench.headers, GIGABYTE)}`,
    ),
  zip: () => {
    // 2 000 different pictures, so nothing the server may keep of one serves another
    const zip = zipBytes(
      Object.fromEntries(
        Array.from({ length: ZIP_FILES }, (_, index) => [`shoot/${index}.jpg`, zipPicture(index)]),
      ),
    );
    const form = new FormData();
    form.set('json', JSON.stringify({ job: 1, binary: 'cid:binary', name: 'shoot.zip' }));
    form.set('binary', file(zip, 'shoot.zip', 'application/zip'));
    return (bench) =>
      measured(bench, `zip of ${ZIP_FILES} pictures, to all thumbnails`, async () => {
        const answer = await postForm(
          `${bench.base}/api/rest/massimport/item?unzip=true`,
          bench.headers,
          form,
        );
        const items = ((answer.json as { response?: { data?: unknown[] } }).response?.data ?? []).length;
        return `answer ${answer.status}, ${items} items`;
      });
  },
  download: () => (bench) =>
    measured(bench, `zip download of a cart of ${ZIP_FILES} assets, size test to last byte`, async () => {
      const cart = await (
        await fetch(`${bench.base}/__mock/carts/huge`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ items: ZIP_FILES }),
        })
      ).json();
      const call = (path: string) =>
        fetch(`${bench.base}/api/wedia/cart/${path}/${cart.id}`, {
          method: 'POST',
          headers: { ...bench.headers, 'content-type': 'application/json' },
          body: JSON.stringify({ profile: 'originals' }),
        });
      const tested = (await (await call('testZipCart')).json()) as { count: number };
      const uuid = (await (await call('zipCart')).json()) as string;
      const zip = await fetch(`${bench.base}/api/wedia/cart/downloadCart/${uuid}`);
      const size = (await zip.arrayBuffer()).byteLength;
      return `answer ${zip.status}, ${tested.count} assets, ${(size / 1_048_576).toFixed(1)} MB`;
    }),
};

// `npm run bench:uploads -- zip png` runs those rows only
const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in ROWS));
if (unknown.length > 0)
  throw new Error(`No row ${unknown.join(', ')}: the rows are ${Object.keys(ROWS).join(', ')}`);
const runs = Object.entries(ROWS)
  .filter(([name]) => asked.length === 0 || asked.includes(name))
  .map(([, prepare]) => prepare());
const { child, base } = await startServer();
try {
  await fetch(`${base}/__mock/settings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ 'imports.maxFileSize': 2 * GIGABYTE, 'imports.analyzeMs': 0, 'zip.buildMs': 0 }),
  });
  const headers = bearer((await sessionApi(`${base}/api`).tokensOf('alice')).accessToken);
  const bench = { base, pid: child.pid as number, headers };
  for (const run of runs) await run(bench);
} finally {
  child.kill();
}
