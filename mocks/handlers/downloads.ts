import { delay, HttpResponse, http } from 'msw';
import { type Asset, findAsset } from '../db/assets';
import { runtime, type ZipJob } from '../runtime';
import { buildZip, declaredZipSize, type ZipContents } from '../zip/contents';
import {
  type CartRef,
  cartOrShare,
  guarded,
  HttpFailure,
  type JsonObject,
  jsonBody,
  parseItemMap,
} from './cart-access';
import { errorResponse } from './respond';

const CART = '*/api/wedia/cart';

/** Bytes per chunk of a served zip: the file streams to the client instead of leaving in one piece. */
const STREAM_CHUNK = 64 * 1024;
/** How long a zip's GET is held while it is built: about what a browser waits for an answer. */
const ZIP_HOLD_MAX_MS = 60_000;

interface ZipRequest {
  ref: CartRef;
  contents: ZipContents;
  sendLinkByEmail: boolean;
}

function flag(body: JsonObject, field: string, fallback: boolean): boolean {
  const value = body[field];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'boolean') throw new HttpFailure(400, `${field} must be true or false`);
  return value;
}

/** The assets to zip: the selection (each item must be in the cart), or the whole cart when empty. */
function selectedAssets(ref: CartRef, selectionValue: unknown): Asset[] {
  const selection = parseItemMap(selectionValue, 'selection');
  const chosen = Object.keys(selection).length > 0 ? selection : ref.cart.items;
  const assets: Asset[] = [];
  for (const [type, ids] of Object.entries(chosen)) {
    const inCart = new Set(ref.cart.items[type] ?? []);
    for (const id of new Set(ids)) {
      if (!inCart.has(id)) throw new HttpFailure(400, `${type} ${id} is not in cart ${ref.wireId}`);
      const asset = findAsset(runtime.db.assets, id);
      if (asset) assets.push(asset);
    }
  }
  if (assets.length === 0) throw new HttpFailure(400, 'Nothing to download: the selection is empty');
  return assets;
}

/** The body of `testZipCart` and `zipCart` (protocol §7.1); the seed's defaults when absent. */
async function zipRequest(request: Request, id: string): Promise<ZipRequest> {
  const ref = cartOrShare(request, id);
  if (ref.share && ref.share.mode === 'link' && !ref.share.actions.includes('download')) {
    throw new HttpFailure(403, 'This share does not allow downloads');
  }
  const body = await jsonBody(request);
  const code = body.profile ?? 'originals';
  const profile = runtime.db.zipProfiles.find((candidate) => candidate.code === code);
  if (!profile) throw new HttpFailure(400, `Unknown profile ${String(code)}`);
  return {
    ref,
    contents: {
      title: ref.cart.name,
      assets: selectedAssets(ref, body.selection),
      profile,
      withContactSheet: flag(body, 'withContactSheet', true),
      withAssetsDescriptions: flag(body, 'withAssetsDescriptions', true),
      keywords: runtime.db.keywords,
    },
    sendLinkByEmail: flag(body, 'sendLinkByEmail', false),
  };
}

/** A file name a browser keeps: no path separators, quotes or control characters. */
function zipFilename(name: string): string {
  const safe = name.replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ').trim();
  return `${safe || 'cart'}.zip`;
}

function contentsOf(job: ZipJob): ZipContents {
  return {
    title: job.filename.replace(/\.zip$/, ''),
    assets: job.assetIds.flatMap((id) => findAsset(runtime.db.assets, id) ?? []),
    profile: runtime.db.zipProfiles.find((profile) => profile.code === job.profile) ?? {
      code: job.profile,
      label: job.profile,
      description: '',
      sizeRatio: 1,
    },
    withContactSheet: job.withContactSheet,
    withAssetsDescriptions: job.withAssetsDescriptions,
    keywords: runtime.db.keywords,
  };
}

/** Built once, from when it is asked for, and kept: HEAD and GET answer from the same bytes. */
function zipBytes(job: ZipJob): Promise<Uint8Array> {
  job.bytes ??= buildZip(contentsOf(job));
  return job.bytes;
}

function readyJob(uuid: string): ZipJob | Response {
  const job = runtime.zips.get(uuid);
  if (!job) return errorResponse(404, `Unknown download ${uuid}`);
  return job;
}

function attachment(filename: string): string {
  const ascii = filename.replace(/[^\u0020-\u007e]/g, '_').replace(/"/g, "'");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

function zipHeaders(job: ZipJob, bytes: Uint8Array): Record<string, string> {
  return {
    'Content-Type': 'application/zip',
    'Content-Length': String(bytes.length),
    'Content-Disposition': attachment(job.filename),
    'Cache-Control': 'no-store',
  };
}

function chunked(bytes: Uint8Array): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) {
        controller.close();
        return;
      }
      controller.enqueue(bytes.subarray(offset, offset + STREAM_CHUNK));
      offset += STREAM_CHUNK;
    },
  });
}

/** Size test, zip build, readiness and file (protocol §7.1). */
export const downloadHandlers = [
  http.post(
    `${CART}/testZipCart/:id`,
    guarded(async ({ request, params }) => {
      const { contents } = await zipRequest(request, String(params.id));
      const size = await declaredZipSize(contents);
      const maxSize = runtime.settings['zip.maxSize'];
      const warnSize = runtime.settings['zip.warnSize'];
      const refused = size > maxSize;
      return HttpResponse.json({
        size,
        maxSize,
        refused,
        warnSize,
        warn: !refused && warnSize > 0 && size > warnSize,
        count: contents.assets.length,
      });
    }),
  ),

  http.post(
    `${CART}/zipCart/:id`,
    guarded(async ({ request, params }) => {
      const { ref, contents, sendLinkByEmail } = await zipRequest(request, String(params.id));
      const now = Date.now();
      const job: ZipJob = {
        uuid: crypto.randomUUID(),
        cartId: ref.wireId,
        filename: zipFilename(ref.cart.name),
        profile: contents.profile.code,
        withContactSheet: contents.withContactSheet,
        withAssetsDescriptions: contents.withAssetsDescriptions,
        sendLinkByEmail,
        assetIds: contents.assets.map((asset) => asset.id),
        requestedAt: now,
        readyAt: now + runtime.settings['zip.buildMs'],
      };
      runtime.zips.set(job.uuid, job);
      // built meanwhile, a slice at a time, so it is ready when the client asks; a failure is
      // answered when it does
      zipBytes(job).catch(() => undefined);
      if (sendLinkByEmail) {
        runtime.outbox.push({
          at: now,
          kind: 'zipLink',
          to: ref.user ? [ref.user.email] : [],
          subject: `Your download "${job.filename}" is being prepared`,
          link: `${new URL(request.url).origin}/api/wedia/cart/downloadCart/${job.uuid}`,
        });
      }
      // the body is the uuid as a JSON string (protocol §7.1)
      return HttpResponse.json(job.uuid);
    }),
  ),

  // 202 while building, 200 when ready (protocol §2.2), 404 when unknown
  http.head(`${CART}/downloadCart/:uuid`, async ({ params }) => {
    const job = readyJob(String(params.uuid));
    if (job instanceof Response) return new Response(null, { status: 404 });
    if (Date.now() < job.readyAt) return new Response(null, { status: 202 });
    return new Response(null, { status: 200, headers: zipHeaders(job, await zipBytes(job)) });
  }),

  // a browser URL: no Authorization, the uuid is the secret. Asked while the zip is being built
  // (a client that does not poll), the answer waits for it, as the real service holds the request;
  // a build longer than a browser would wait answers 202 with Retry-After.
  http.get(`${CART}/downloadCart/:uuid`, async ({ params }) => {
    const job = readyJob(String(params.uuid));
    if (job instanceof Response) return job;
    const left = job.readyAt - Date.now();
    if (left > ZIP_HOLD_MAX_MS)
      return new Response(null, { status: 202, headers: { 'Retry-After': String(Math.ceil(left / 1000)) } });
    if (left > 0) await delay(left);
    const bytes = await zipBytes(job);
    return new Response(chunked(bytes), { status: 200, headers: zipHeaders(job, bytes) });
  }),
];
