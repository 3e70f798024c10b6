/** Uploads through the real demo server (express in front of the handlers), as a browser sends them. */
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listStored } from '../../../mocks/imports/storage';
import { stagedFiles } from '../../../mocks/middleware/upload-staging';
import { runtime } from '../../../mocks/runtime';
import { type DemoServer, startDemoServer } from '../../../mocks/server';
import { bearer, sessionApi } from '../mocks/session-helpers';
import { file, jpegBytes, sleep, zipBytes } from './helpers';

let demo: DemoServer;
let base: string;

beforeAll(async () => {
  demo = await startDemoServer({ port: 0, distDir: join(tmpdir(), 'no-such-dist-dir') });
  base = demo.url;
});
afterAll(() => demo.close());
beforeEach(async () => {
  await fetch(`${base}/__mock/reset`, { method: 'POST' });
});

async function alice(): Promise<Record<string, string>> {
  return bearer((await sessionApi(`${base}/api`).tokensOf('alice')).accessToken);
}

function uploadForm(name: string, bytes: Uint8Array, type = 'image/jpeg'): FormData {
  const form = new FormData();
  form.set('json', JSON.stringify({ job: 1, binary: 'cid:binary', name }));
  form.set('binary', file(bytes, name, type));
  return form;
}

/** The multipart bytes of a form and its boundary, to send them piece by piece. */
async function multipartOf(form: FormData): Promise<{ body: Uint8Array; boundary: string }> {
  const body = new Uint8Array(await new Response(form).arrayBuffer());
  return { body, boundary: new TextDecoder().decode(body.slice(2, body.indexOf(13))) };
}

interface Early {
  status: number;
  body: { error: string; message: string };
  /** bytes written before the answer came */
  sent: number;
}

/**
 * Sends `total` bytes (`head`, then zeros) with node:http, a MB at a time, and stops writing as
 * soon as an answer comes: a server that answers early is answered before the body is sent.
 */
function sendUntilAnswered(
  path: string,
  headers: Record<string, string>,
  head: Uint8Array,
  total: number,
): Promise<Early> {
  const { hostname, port } = new URL(base);
  return new Promise<Early>((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const request = httpRequest({ host: hostname, port, method: 'POST', path, headers });
    request.on('error', reject);
    request.on('response', (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        resolve({
          status: response.statusCode ?? 0,
          body: JSON.parse(Buffer.concat(chunks).toString()),
          sent,
        });
        request.destroy();
      });
    });
    const zeros = new Uint8Array(1_048_576);
    const writeMore = () => {
      if (answered) return;
      const piece = sent === 0 ? head : zeros.subarray(0, Math.min(zeros.length, total - sent));
      if (piece.length === 0) return request.end();
      sent += piece.length;
      request.write(piece, () => setTimeout(writeMore, 5));
    };
    writeMore();
  });
}

/**
 * Sends `total` bytes (`head`, then zeros) as fast as the connection takes them, whatever the
 * server answers (as a client that reads the answer only once its body is sent): answers the
 * status it got and how much it had written when the connection closed.
 */
function sendRegardless(
  path: string,
  headers: Record<string, string>,
  head: Uint8Array,
  total: number,
): Promise<{ status: number; sent: number }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    let sent = 0;
    let status = 0;
    const request = httpRequest({ host: hostname, port, method: 'POST', path, headers });
    request.on('response', (response) => {
      status = response.statusCode ?? 0;
      response.resume();
    });
    // the connection closed by the server: a reset or a broken pipe, once the answer came
    request.on('error', () => undefined);
    request.on('close', () => resolve({ status, sent }));
    const zeros = new Uint8Array(1_048_576);
    const writeMore = () => {
      while (sent < total && !request.destroyed) {
        const piece = sent === 0 ? head : zeros.subarray(0, Math.min(zeros.length, total - sent));
        sent += piece.length;
        if (!request.write(piece)) return void request.once('drain', writeMore);
      }
      if (!request.destroyed) request.end();
    };
    writeMore();
  });
}

// zips expand in a worker thread: its first start (tsx loading the TypeScript) takes seconds on a busy machine
describe('uploads streamed to disk', { timeout: 30_000 }, () => {
  it('a body announced over the limit is refused 413 before it is sent, and leaves no file', async () => {
    runtime.settings['imports.maxFileSize'] = 1_048_576;
    const headers = await alice();
    const { body: head, boundary } = await multipartOf(uploadForm('big.mp4', new Uint8Array(0)));
    const total = 64 * 1_048_576;
    const answer = await sendUntilAnswered(
      '/api/rest/massimport/item?unzip=false',
      {
        ...headers,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(total),
      },
      head.subarray(0, head.indexOf(13, 100)),
      total,
    );
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({
      error: '413/1',
      message: 'The upload is 64 MB: this import accepts files up to 1 MB (1048576 bytes)',
    });
    expect(answer.sent).toBeLessThan(total / 2);
    expect(stagedFiles()).toEqual([]);
  });

  it('a body sent without its length is refused 413 once it passes the limit, and its file is removed', async () => {
    runtime.settings['imports.maxFileSize'] = 1_048_576;
    const headers = await alice();
    const { body, boundary } = await multipartOf(uploadForm('big.mp4', new Uint8Array(0)));
    // the form's start, up to the file part's data: zeros then follow as the file
    const head = body.subarray(0, body.length - `\r\n--${boundary}--\r\n`.length);
    const total = 64 * 1_048_576;
    const answer = await sendUntilAnswered(
      '/api/rest/massimport/item?unzip=false',
      {
        ...headers,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'transfer-encoding': 'chunked',
      },
      head,
      total,
    );
    expect(answer.status).toBe(413);
    expect(answer.body.error).toBe('413/1');
    expect(answer.sent).toBeLessThan(total / 2);
    expect(stagedFiles()).toEqual([]);
    expect((await fetch(`${base}/api/rest/massimport/job/1`, { headers })).status).toBe(200);
  });

  it('a body over the limit is not drained: its connection closes soon after the 413, far before its end', async () => {
    runtime.settings['imports.maxFileSize'] = 1_048_576;
    const headers = await alice();
    const { body, boundary } = await multipartOf(uploadForm('big.mp4', new Uint8Array(0)));
    const head = body.subarray(0, body.length - `\r\n--${boundary}--\r\n`.length);
    const total = 1_024 * 1_048_576;
    const path = '/api/rest/massimport/item?unzip=false';
    const type = `multipart/form-data; boundary=${boundary}`;
    // counted as it streams, then announced by its length
    const counted = await sendRegardless(
      path,
      { ...headers, 'content-type': type, 'transfer-encoding': 'chunked' },
      head,
      total,
    );
    const announced = await sendRegardless(
      path,
      { ...headers, 'content-type': type, 'content-length': String(total) },
      head,
      total,
    );
    for (const sent of [counted, announced]) {
      expect(sent.status).toBe(413);
      // the limit, the linger after the answer (4 MB) and what the sockets' buffers hold
      expect(sent.sent).toBeLessThan(total / 8);
    }
    expect(stagedFiles()).toEqual([]);
    expect((await fetch(`${base}/api/rest/massimport/job/1`, { headers })).status).toBe(200);
  });

  it('a zip bomb sent over HTTP is refused 413/5 by the zip worker, leaving no file behind', async () => {
    const headers = await alice();
    const bomb = zipBytes({ 'zeros.jpg': new Uint8Array(16 * 1_048_576) });
    const items = runtime.db.importItems.length;
    const response = await fetch(`${base}/api/rest/massimport/item?unzip=true`, {
      method: 'POST',
      headers,
      body: uploadForm('bomb.zip', bomb, 'application/zip'),
    });
    expect(response.status).toBe(413);
    expect((await response.json()).error).toBe('413/5');
    expect(runtime.db.importItems.length).toBe(items);
    expect(stagedFiles()).toEqual([]);
    expect(await listStored(runtime.db)).toEqual([]);
  });

  it('a zip of pictures sent over HTTP becomes items; the staged and expanded files are gone', async () => {
    const headers = await alice();
    const zip = zipBytes({ 'a.jpg': jpegBytes(24, 16), 'b.jpg': jpegBytes(16, 24) });
    const response = await fetch(`${base}/api/rest/massimport/item?unzip=true`, {
      method: 'POST',
      headers,
      body: uploadForm('two.zip', zip, 'application/zip'),
    });
    expect(response.status).toBe(200);
    const data = (await response.json()).response.data as Array<{ name: string }>;
    expect(data.map((item) => item.name)).toEqual(['a.jpg', 'b.jpg']);
    expect(stagedFiles()).toEqual([]);
    expect(await listStored(runtime.db)).toHaveLength(4);
  });
});

describe('uploads through the demo server', () => {
  it('a multipart upload makes an item; the request log shows json and the file part', async () => {
    const headers = await alice();
    const response = await fetch(`${base}/api/rest/massimport/item?unzip=false`, {
      method: 'POST',
      headers,
      body: uploadForm('IMG_9001.jpg', jpegBytes(48, 32)),
    });
    expect(response.status).toBe(200);
    expect((await response.json()).response.data).toMatchObject({ name: 'IMG_9001.jpg', job: 1, status: 2 });
    const log = (await (await fetch(`${base}/__mock/requests`)).json()) as Array<Record<string, unknown>>;
    const logged = log.find((entry) => entry.path === '/api/rest/massimport/item');
    expect(logged?.query).toEqual({ unzip: 'false' });
    expect(logged?.body).toEqual({
      json: '{"job":1,"binary":"cid:binary","name":"IMG_9001.jpg"}',
      binary: { name: 'IMG_9001.jpg', size: expect.any(Number), type: 'image/jpeg' },
    });
    // the staged file was moved into the import's storage: nothing is left in the staging folder
    expect(stagedFiles()).toEqual([]);
  });

  it('an upload cut mid-way leaves no item and no file', async () => {
    const headers = await alice();
    const items = runtime.db.importItems.length;
    const body = new Uint8Array(
      await new Response(uploadForm('IMG_CUT.jpg', jpegBytes(400, 400))).arrayBuffer(),
    );
    // the boundary of the body above, so the cut body is a real multipart start
    const boundary = new TextDecoder().decode(body.slice(2, body.indexOf(13)));
    const { host, port } = new URL(base);
    await new Promise<void>((resolve) => {
      const request = httpRequest({
        host: host.split(':')[0],
        port,
        method: 'POST',
        path: '/api/rest/massimport/item?unzip=false',
        headers: {
          ...headers,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(body.length),
        },
      });
      request.on('error', () => resolve());
      request.on('response', () => resolve());
      request.write(body.slice(0, Math.floor(body.length / 2)), () => {
        setTimeout(() => {
          request.destroy();
          resolve();
        }, 100);
      });
    });
    await sleep(200);
    expect(runtime.db.importItems.length).toBe(items);
    expect(await listStored(runtime.db)).toEqual([]);
    expect(stagedFiles()).toEqual([]);
    // the server still answers
    expect((await fetch(`${base}/api/rest/massimport/job/1`, { headers })).status).toBe(200);
  });

  it('an upload is sent back from disk as it is read: its length, a byte range, 416 past its end; rights unchanged', async () => {
    const headers = await alice();
    // 3 MB that tell their positions apart: a range read from the wrong place would not match
    const bytes = new Uint8Array(3 * 1_048_576).map((_, at) => (at * 7 + (at >> 12)) % 251);
    bytes.set(new TextEncoder().encode('%PDF-1.7\n'), 0);
    const uploaded = await fetch(`${base}/api/rest/massimport/item?unzip=false`, {
      method: 'POST',
      headers,
      body: uploadForm('report.pdf', bytes, 'application/pdf'),
    });
    const id = (await uploaded.json()).response.data.id;
    const address = `${base}/api/wedia/massimport/file/${id}`;

    const whole = await fetch(address, { headers });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-length')).toBe(String(bytes.length));
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    // compared as buffers: toEqual walks 3 million elements one by one for a minute
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);

    const middle = await fetch(address, { headers: { ...headers, range: 'bytes=2000000-2000099' } });
    expect(middle.status).toBe(206);
    expect(middle.headers.get('content-range')).toBe(`bytes 2000000-2000099/${bytes.length}`);
    expect(middle.headers.get('content-length')).toBe('100');
    expect(new Uint8Array(await middle.arrayBuffer())).toEqual(bytes.slice(2_000_000, 2_000_100));

    const last = await fetch(address, { headers: { ...headers, range: 'bytes=-10' } });
    expect(new Uint8Array(await last.arrayBuffer())).toEqual(bytes.slice(-10));

    const past = await fetch(address, { headers: { ...headers, range: `bytes=${bytes.length}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${bytes.length}`);

    expect((await fetch(address, { headers: { range: 'bytes=0-9' } })).status).toBe(401);
  });

  it('a multipart body that ends early (no closing boundary) is a 400 and makes no item', async () => {
    const headers = await alice();
    const items = runtime.db.importItems.length;
    const body = new Uint8Array(
      await new Response(uploadForm('IMG_HALF.jpg', jpegBytes(64, 64))).arrayBuffer(),
    );
    const boundary = new TextDecoder().decode(body.slice(2, body.indexOf(13)));
    const response = await fetch(`${base}/api/rest/massimport/item?unzip=false`, {
      method: 'POST',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: body.slice(0, Math.floor(body.length / 2)),
    });
    expect(response.status).toBe(400);
    expect(runtime.db.importItems.length).toBe(items);
  });
});
