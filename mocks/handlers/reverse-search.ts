import { HttpResponse, http } from 'msw';
import type { Asset } from '../db/assets';
import type { Db } from '../db/index';
import { createRandom, DAY_MS, mixSeed, REF_MS } from '../db/random';
import { ROLES } from '../db/users';
import { runtime } from '../runtime';
import { type Caller, callerOf } from './caller';
import { errorResponse } from './respond';

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

const SITES = [
  'news.example.com',
  'blog.example.org',
  'shop.example.net',
  'forum.example.com',
  'images.example.io',
  'magazine.example.fr',
  'social.example.com',
  'agency.example.co.uk',
  'travel.example.de',
  'wallpapers.example.net',
];
const MATCHES = ['exact', 'cropped', 'resized', 'modified'] as const;

/** The report of an asset: where copies were "found", drawn from its id (the same every time). */
export function reverseSearchReport(asset: Asset, generatedAt: number): string {
  const rand = createRandom(mixSeed(2_121, asset.id));
  const count = rand.int(0, 8);
  const rows = Array.from({ length: count }, (_, index) => {
    const site = rand.pick(SITES);
    const found = new Date(REF_MS - rand.int(1, 700) * DAY_MS).toISOString().slice(0, 10);
    const page = `https://${site}/${asset.filename.replace(/\.[^.]+$/, '')}-${index + 1}`;
    return [site, page, rand.pick(MATCHES), (0.6 + rand.next() * 0.4).toFixed(2), found];
  });
  const quote = (cell: string | number): string => `"${String(cell).replaceAll('"', '""')}"`;
  const lines = [
    ['asset', 'uuid', 'generated'].map(quote).join(','),
    [asset.name, asset.$uuid, new Date(generatedAt).toISOString()].map(quote).join(','),
    '',
    ['site', 'page', 'match', 'similarity', 'first seen'].map(quote).join(','),
    ...rows.map((row) => row.map(quote).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/** `reverse-search-{file name without extension}.csv` */
export const reportFilename = (asset: Asset): string =>
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

  http.get(`${BASE}/report/:uuid`, ({ request, params }) => {
    const uuid = String(params.uuid);
    const asset = assetOf(uuid);
    if (!asset) return errorResponse(404, `Unknown asset ${uuid}`);
    if (!reverseSearchPermissions(callerOf(request)).canViewReport)
      return errorResponse(403, 'You may not read the reverse search reports');
    const job = jobs().get(uuid);
    if (!job) return errorResponse(404, 'No report for this asset: search the web for copies first');
    if (Date.now() < job.readyAt) return errorResponse(409, 'The reverse search is still running');
    return new Response(reverseSearchReport(asset, job.readyAt), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${reportFilename(asset)}"`,
        'Cache-Control': 'no-store',
      },
    });
  }),
];
