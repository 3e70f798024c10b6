/** Calls of protocol §15.1 against the demo handlers, as the import client sends them. */
import { zipSync } from 'fflate';
import * as jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { as, call, type Json, type Login, multipart, override } from '../demo-server-entities/helpers';

export { as, call, type Json, type Login, multipart, override };

export const MI = '/rest/massimport';

/** A JPEG of the given size: a gradient, so its thumbnail and blurhash are not flat. */
export function jpegBytes(width: number, height: number): Uint8Array {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      data.set([(x * 255) / width, (y * 255) / height, 128, 255], at);
    }
  }
  return new Uint8Array(jpeg.encode({ width, height, data }, 90).data);
}

export function pngBytes(width: number, height: number): Uint8Array {
  const png = new PNG({ width, height });
  for (let at = 0; at < png.data.length; at += 4) png.data.set([200, 40, (at / 4) % 255, 255], at);
  return new Uint8Array(PNG.sync.write(png));
}

export const zipBytes = (files: Record<string, Uint8Array>): Uint8Array => zipSync(files);

export const file = (bytes: Uint8Array | string, name: string, type: string): File =>
  new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name, { type });

/** `POST /rest/massimport/item?unzip=…`: `json` naming the file part as `cid:binary`, then the part. */
export function upload(
  job: number | string,
  part: File,
  headers: Record<string, string>,
  { unzip = false, json = {} as Record<string, unknown> } = {},
) {
  const form = new FormData();
  form.set('json', JSON.stringify({ job, binary: 'cid:binary', name: part.name, ...json }));
  form.set('binary', part);
  return call(`${MI}/item?unzip=${unzip}`, { method: 'POST', headers, body: form });
}

/** `PUT /rest/massimport/job/{id}` with a JSON body (commands). */
export const put = (job: number | string, body: unknown, headers: Record<string, string>) =>
  call(`${MI}/job/${job}`, {
    method: 'PUT',
    headers: { ...headers, 'content-type': 'application/json;charset=utf-8' },
    body: JSON.stringify(body),
  });

export const patch = (path: string, body: unknown, headers: Record<string, string>) =>
  call(path, {
    method: 'PATCH',
    headers: { ...headers, 'content-type': 'application/json;charset=utf-8' },
    body: JSON.stringify(body),
  });

/** Items by id: POST with override GET and the form of protocol §15.1. */
export const itemsById = (
  job: number | string,
  ids: Array<number | string>,
  headers: Record<string, string>,
) =>
  call(`${MI}/job/${job}/item`, {
    method: 'POST',
    headers: override('GET', headers),
    body: new URLSearchParams({
      headers: 'false',
      withRights: 'true',
      withSimu: 'true',
      workflows: 'true',
      query: JSON.stringify({ id: { in: ids } }),
    }),
  });

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks until `check` holds (or fails after `tries`). */
export async function eventually<T>(
  ask: () => Promise<T>,
  check: (value: T) => boolean,
  tries = 100,
): Promise<T> {
  let value = await ask();
  for (let n = 0; n < tries && !check(value); n++) {
    await sleep(50);
    value = await ask();
  }
  return value;
}
