import { HttpResponse, http } from 'msw';
import type { Asset } from '../db/assets';
import type { Db } from '../db/index';
import { scaleStored } from '../imports/thumbnails';
import { type AverageHash, HASH_BITS, hashDistance, landscapeHash, pixelsHash } from '../media/average-hash';
import { ROLES } from '../db/users';
import { runtime } from '../runtime';
import { type Caller, callerOf } from './caller';
import { errorResponse } from './respond';
import { nextTurn } from './slices';

const BASE = '*/api/packaged/reverse-search';

/** How long a reverse search takes (demo convention); tests may shorten it. */
export const reverseSearchTiming = { jobMs: 3000 };

/** A submitted search: done once `readyAt` is past. */
interface ReverseSearchJob {
  uuid: string;
  submittedAt: number;
  readyAt: number;
  by: number;
}

/** Per database, so a reset forgets them. */
const jobsByDb = new WeakMap<Db, Map<string, ReverseSearchJob>>();

function jobs(db: Db = runtime.db): Map<string, ReverseSearchJob> {
  let map = jobsByDb.get(db);
  if (!map) {
    map = new Map();
    jobsByDb.set(db, map);
  }
  return map;
}

/**
 * Rights (protocol §21 leaves them to the server): asset managers and contributors may submit and
 * read reports; carol (a watermarked partner), applications and anonymous visitors may do neither:
 * a web search costs money and its report tells where copies are, which is internal.
 */
export function reverseSearchPermissions(caller: Caller): { canSubmit: boolean; canViewReport: boolean } {
  const allowed =
    caller.kind === 'user' &&
    (caller.user.role.id === ROLES.assetManager.id || caller.user.role.id === ROLES.contributor.id);
  return { canSubmit: allowed, canViewReport: allowed };
}

const assetOf = (uuid: string): Asset | undefined => runtime.db.assets.find((asset) => asset.$uuid === uuid);

/** Bits two hashes may differ by (of 192) for a picture to count as a copy; under 2 it is the same picture. */
const COPY_DISTANCE = 6;
const EXACT_DISTANCE = 1;
/** The report lists the closest copies first, at most this many. */
const MOST_COPIES = 8;

/** Hashes of the library's pictures per database (a reset forgets them), computed on the first search. */
const hashesByDb = new WeakMap<Db, Map<number, AverageHash>>();

/** The side of the copy an uploaded picture's hash is read from: 8 × 8 cells of 3 × 3 points need no more. */
const HASH_SOURCE_SIDE = 96;

async function hashOf(asset: Asset): Promise<AverageHash | undefined> {
  if (asset.assetnature.code !== 'image') return undefined;
  if (!asset.file) return landscapeHash(asset);
  // decoded in a worker thread, to a small copy: the hash reads 24 × 24 points of it
  const small = await scaleStored(runtime.db, asset.file, {
    mimetype: asset.mimetype,
    side: HASH_SOURCE_SIDE,
    watermarked: false,
  });
  return small && !(small instanceof Uint8Array) ? pixelsHash(small) : undefined;
}

const HASHES_PER_SLICE = 50;

async function libraryHashes(): Promise<Map<number, AverageHash>> {
  const db = runtime.db;
  const hashes = hashesByDb.get(db) ?? new Map<number, AverageHash>();
  hashesByDb.set(db, hashes);
  for (const [index, asset] of db.assets.entries()) {
    if (hashes.has(asset.id)) continue;
    // the first search hashes the whole library: other requests are answered between slices
    if (index % HASHES_PER_SLICE === 0) await nextTurn();
    const hash = await hashOf(asset);
    if (hash) hashes.set(asset.id, hash);
  }
  return hashes;
}

interface Copy {
  asset: Asset;
  distance: number;
}

/** The library's pictures that look like the asset's (an average hash over pixels), the closest first. */
async function copiesOf(asset: Asset): Promise<Copy[]> {
  const hashes = await libraryHashes();
  const own = hashes.get(asset.id);
  if (!own) return [];
  const byId = new Map(runtime.db.assets.map((other) => [other.id, other]));
  return [...hashes]
    .filter(([id]) => id !== asset.id)
    .map(([id, hash]) => ({ asset: byId.get(id), distance: hashDistance(own, hash) }))
    .filter((copy): copy is Copy => copy.asset !== undefined && copy.distance <= COPY_DISTANCE)
    .sort((first, second) => first.distance - second.distance || first.asset.id - second.asset.id)
    .slice(0, MOST_COPIES);
}

/**
 * The report of an asset (CSV): the asset, then one row per copy found in the library with the
 * address of its page in the portal (`origin`), how close it is and its similarity (0..1).
 */
function reverseSearchReport(asset: Asset, copies: Copy[], generatedAt: number, origin: string): string {
  const quote = (cell: string | number): string => `"${String(cell).replaceAll('"', '""')}"`;
  const rows = copies.map(({ asset: copy, distance }) => [
    copy.name,
    `${origin}/assets/asset/${copy.id}`,
    distance <= EXACT_DISTANCE ? 'exact' : 'similar',
    (1 - distance / HASH_BITS).toFixed(2),
  ]);
  const lines = [
    ['asset', 'uuid', 'generated'].map(quote).join(','),
    [asset.name, asset.$uuid, new Date(generatedAt).toISOString()].map(quote).join(','),
    '',
    ['name', 'page', 'match', 'similarity'].map(quote).join(','),
    ...rows.map((row) => row.map(quote).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/** `reverse-search-{file name without extension}.csv` */
const reportFilename = (asset: Asset): string =>
  `reverse-search-${asset.filename.replace(/\.[^.]+$/, '')}.csv`;

/** Reverse image search of protocol §21. */
export const reverseSearchHandlers = [
  http.get(`${BASE}/feature/status`, () => HttpResponse.json({ enabled: true })),

  http.get(`${BASE}/permissions/:uuid`, ({ request, params }) => {
    if (!assetOf(String(params.uuid))) return errorResponse(404, `Unknown asset ${params.uuid}`);
    return HttpResponse.json(reverseSearchPermissions(callerOf(request)));
  }),

  http.post(`${BASE}/submit/:uuid`, ({ request, params }) => {
    const uuid = String(params.uuid);
    if (!assetOf(uuid)) return errorResponse(404, `Unknown asset ${uuid}`);
    const caller = callerOf(request);
    if (!reverseSearchPermissions(caller).canSubmit)
      return errorResponse(403, 'You may not search the web for copies of this asset');
    const now = Date.now();
    const job: ReverseSearchJob = {
      uuid,
      submittedAt: now,
      readyAt: now + reverseSearchTiming.jobMs,
      by: caller.kind === 'user' ? caller.user.id : 0,
    };
    jobs().set(uuid, job);
    return HttpResponse.json(
      { uuid, status: 'running', readyAt: new Date(job.readyAt).toISOString() },
      { status: 202 },
    );
  }),

  http.get(`${BASE}/report/:uuid`, async ({ request, params }) => {
    const uuid = String(params.uuid);
    const asset = assetOf(uuid);
    if (!asset) return errorResponse(404, `Unknown asset ${uuid}`);
    if (!reverseSearchPermissions(callerOf(request)).canViewReport)
      return errorResponse(403, 'You may not read the reverse search reports');
    const job = jobs().get(uuid);
    if (!job) return errorResponse(404, 'No report for this asset: search the web for copies first');
    if (Date.now() < job.readyAt) return errorResponse(409, 'The reverse search is still running');
    const origin = new URL(request.url).origin;
    return new Response(reverseSearchReport(asset, await copiesOf(asset), job.readyAt, origin), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${reportFilename(asset)}"`,
        'Cache-Control': 'no-store',
      },
    });
  }),
];
