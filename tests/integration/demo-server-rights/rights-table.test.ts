/**
 * Rights of the demo server, route by route and role by role (issue 27): one table of routes ×
 * roles × expected status, one test per cell. The routes added with mass import, CMS pages and
 * analytics first (the holes of the hostile pass), then a few of the first domains for reference.
 * Columns: anonymous, application (the visitor), alice (asset manager), bob (contributor), carol
 * (external partner). Every cell reads or makes an idempotent write, so one seeded database serves
 * the whole table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reverseSearchTiming } from '../../../mocks/handlers/reverse-search';
import { server } from '../../../mocks/node';
import { reset, runtime } from '../../../mocks/runtime';
import {
  call,
  file,
  type Json,
  jpegBytes,
  MI,
  multipart,
  override,
  upload,
} from '../demo-server-imports/helpers';
import { headersOfRoles, ROLES, type Role } from './roles';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

/** What the cells use: each role's headers and an upload of alice's and of bob's. */
interface Fixtures {
  headers: Record<Role, Record<string, string>>;
  /** item answers (with their ticketed `thumbnail` and `original` addresses) */
  alices: Json;
  bobs: Json;
  /** a widget of the draft page 7, and the widget of page 1 the write cells rename */
  draftWidget: number;
  liveWidget: number;
}

const ALICES_JOB = 1;
const BOBS_JOB = 6;
const BOBS_OTHER_JOB = 5;
/** Seeded pages (mocks/db/pages.ts): 1 home (live), 5 its work copy, 7 a draft, 9 without status. */
const LIVE_PAGE = 1;
const WORK_COPY = 5;
const DRAFT_PAGE = 7;
const STATUSLESS_PAGE = 9;

let fx: Fixtures;

beforeAll(async () => {
  reset();
  runtime.settings['imports.analyzeMs'] = 0;
  const headers = await headersOfRoles();
  const send = async (job: number, name: string, who: Record<string, string>) => {
    const answer = await upload(job, file(jpegBytes(64, 48), name, 'image/jpeg'), who);
    if (answer.status !== 200) throw new Error(`upload ${name}: ${answer.status}`);
    return answer.body.response.data;
  };
  const widgetOf = (page: number) =>
    runtime.db.pageWidgets.find((widget) => widget.parent === `clubwedpagedesc_${page}`)?.id ?? -1;
  fx = {
    headers,
    alices: await send(ALICES_JOB, 'alice.jpg', headers.alice),
    bobs: await send(BOBS_JOB, 'bob.jpg', headers.bob),
    draftWidget: widgetOf(DRAFT_PAGE),
    liveWidget: widgetOf(LIVE_PAGE),
  };
  // a report ready for the reverse-search rows; the first one hashes the library (seconds when busy)
  reverseSearchTiming.jobMs = 0;
  const uuid = searchedAsset().$uuid;
  await call(`/packaged/reverse-search/submit/${uuid}`, { method: 'POST', headers: headers.alice });
  await call(`/packaged/reverse-search/report/${uuid}`, { headers: headers.alice });
}, 60_000);
afterAll(() => {
  reverseSearchTiming.jobMs = 3000;
});

type Expected = [anonymous: number, application: number, alice: number, bob: number, carol: number];

interface Row {
  route: string;
  /** the path under /api (or the site root when it starts with `//`) and the request, for a role */
  request: (headers: Record<string, string>) => [string, RequestInit?];
  expected: Expected;
}

const seededAsset = (nature: string) =>
  runtime.db.assets.find((asset) => asset.assetnature.code === nature)?.id ?? -1;
/** The picture whose reverse search alice ran before the table (its report is ready). */
const searchedAsset = () =>
  runtime.db.assets.find((asset) => asset.assetnature.code === 'image') as (typeof runtime.db.assets)[number];
const seededReadyItemOf = (job: number) =>
  runtime.db.importItems.find((item) => item.job === job && item.status === 4 && !item.file)?.id;
const json = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const partsOf = (page: number) => ({
  or: [{ parent: { eq: `clubwedpagedesc_${page}` } }, { parent: { sw: `clubwedpagedesc_${page}_` } }],
});
const post = (path: string, fields: Record<string, string>) => (headers: Record<string, string>) =>
  [path, { method: 'POST', headers, body: multipart({ object: 'asset', ...fields }) }] as [
    string,
    RequestInit,
  ];
const get = (path: () => string) => (headers: Record<string, string>) =>
  [path(), { headers }] as [string, RequestInit];
/** A browser load: no Authorization, whoever the role (the ticket alone must let it in). */
const browserLoad = (path: () => string) => () => [path(), {}] as [string, RequestInit];
const linkSubjobs = (job: number, sub: number) => (headers: Record<string, string>) =>
  [
    `${MI}/job/${job}`,
    {
      method: 'PATCH',
      headers: { ...headers, 'content-type': 'application/json;charset=utf-8' },
      body: JSON.stringify({ subjobs: { $mode: 'appendnew', $values: [sub] } }),
    },
  ] as [string, RequestInit];

const ROWS: Row[] = [
  // --- an upload's files: the job's owner and asset managers -------------------------------------
  {
    route: "GET thumbnail of alice's upload, with the caller's session",
    request: get(() => `/wedia/massimport/thumbnail/${fx.alices.id}`),
    expected: [401, 403, 200, 403, 403],
  },
  {
    route: "GET original of alice's upload, with the caller's session",
    request: get(() => `/wedia/massimport/file/${fx.alices.id}`),
    expected: [401, 403, 200, 403, 403],
  },
  {
    route: "GET thumbnail of bob's upload, with the caller's session",
    request: get(() => `/wedia/massimport/thumbnail/${fx.bobs.id}`),
    expected: [401, 403, 200, 200, 403],
  },
  {
    route: "GET original of bob's upload, with the caller's session",
    request: get(() => `/wedia/massimport/file/${fx.bobs.id}`),
    expected: [401, 403, 200, 200, 403],
  },
  {
    route: "GET thumbnail of a seeded item of bob's job, with the caller's session",
    request: get(() => `/wedia/massimport/thumbnail/${seededReadyItemOf(BOBS_OTHER_JOB)}`),
    expected: [401, 403, 200, 200, 403],
  },
  {
    route: "GET thumbnail of alice's upload with a forged ticket",
    request: get(() => `/wedia/massimport/thumbnail/${fx.alices.id}?ticket=${'0'.repeat(36)}`),
    expected: [401, 403, 200, 403, 403],
  },
  {
    route: "GET original of alice's upload with bob's ticket (tickets are bound to their item)",
    request: get(() => `/wedia/massimport/file/${fx.alices.id}?${String(fx.bobs.original).split('?')[1]}`),
    expected: [401, 403, 200, 403, 403],
  },
  {
    route: "browser-loaded thumbnail of alice's upload, by the ticketed address of her item answer",
    request: browserLoad(() => String(fx.alices.thumbnail)),
    expected: [200, 200, 200, 200, 200],
  },
  {
    route: "browser-loaded original of alice's upload, by the ticketed address of her item answer",
    request: browserLoad(() => String(fx.alices.original)),
    expected: [200, 200, 200, 200, 200],
  },
  // --- job links: whoever links must write both jobs --------------------------------------------
  {
    route: "PATCH bob's job: subjobs appendnew alice's job",
    request: linkSubjobs(BOBS_JOB, ALICES_JOB),
    expected: [403, 403, 200, 403, 403],
  },
  {
    route: "PATCH bob's job: subjobs appendnew bob's other job",
    request: linkSubjobs(BOBS_JOB, BOBS_OTHER_JOB),
    expected: [403, 403, 200, 200, 403],
  },
  {
    route: "PATCH alice's job: subjobs appendnew bob's other job",
    request: linkSubjobs(ALICES_JOB, BOBS_OTHER_JOB),
    expected: [403, 403, 200, 403, 403],
  },
  // --- CMS pages: drafts and work copies to their editors, published pages to everyone ------------
  ...[
    ['the draft page', DRAFT_PAGE],
    ['the work copy', WORK_COPY],
    ['the page without status', STATUSLESS_PAGE],
  ].flatMap(([name, page]): Row[] => [
    {
      route: `GET /rest/data/page/{id} of ${name} (${page})`,
      request: get(() => `/rest/data/page/${page}`),
      expected: [401, 403, 200, 403, 403],
    },
    {
      route: `GET /rest/data/pagewidget?query={parent} of ${name} (${page})`,
      request: get(() => `/rest/data/pagewidget?query=${json(partsOf(Number(page)))}`),
      expected: [401, 403, 200, 403, 403],
    },
    {
      route: `GET /rest/data/pagefile?query={parent} of ${name} (${page})`,
      request: get(() => `/rest/data/pagefile?query=${json(partsOf(Number(page)))}`),
      expected: [401, 403, 200, 403, 403],
    },
  ]),
  {
    route: 'GET /rest/data/pagewidget?query={id} of one widget of the draft page',
    request: get(
      () =>
        `/rest/data/pagewidget?query=${json({ or: [{ id: fx.draftWidget }, { parent: { sw: `clubwedwidget_${fx.draftWidget}_` } }] })}`,
    ),
    expected: [401, 403, 200, 403, 403],
  },
  {
    route: 'GET the work-copy call of the draft page',
    request: get(() => `/rest/bs/clubwed_getWorkCopy/clubwedpagedesc/${DRAFT_PAGE}`),
    expected: [401, 403, 200, 403, 403],
  },
  {
    route: 'GET /rest/data/page/{id} of the published home page',
    request: get(() => `/rest/data/page/${LIVE_PAGE}`),
    expected: [200, 200, 200, 200, 200],
  },
  {
    route: 'GET /rest/data/pagewidget?query={parent} of the published home page',
    request: get(() => `/rest/data/pagewidget?query=${json(partsOf(LIVE_PAGE))}`),
    expected: [200, 200, 200, 200, 200],
  },
  {
    route: 'GET /rest/data/page (the list)',
    request: get(() => `/rest/data/page?query=${json({ ismodel: false })}`),
    expected: [200, 200, 200, 200, 200],
  },
  {
    route: 'PATCH /json/update/clubwedwidget/{id} (save a block of the home page)',
    request: (headers) => [
      `/json/update/clubwedwidget/${fx.liveWidget}?prop_name=Hero`,
      { method: 'POST', headers: override('PATCH', headers) },
    ],
    expected: [403, 403, 200, 403, 403],
  },
  // --- analytics: signed-in users --------------------------------------------------------------
  {
    route: 'POST /wedia/analytics/topDamView',
    request: post('/wedia/analytics/topDamView', { nbrDays: '30' }),
    expected: [401, 403, 200, 200, 200],
  },
  {
    route: 'POST /wedia/analytics/topDamDownload',
    request: post('/wedia/analytics/topDamDownload', { nbrDays: '30' }),
    expected: [401, 403, 200, 200, 200],
  },
  {
    route: 'POST /wedia/analytics/trend',
    request: post('/wedia/analytics/trend', { nbrDays: '30' }),
    expected: [401, 403, 200, 200, 200],
  },
  {
    route: 'POST /wedia/analytics/top (aggregationFieldname=user)',
    request: post('/wedia/analytics/top', { configurationName: 'view', aggregationFieldname: 'user' }),
    expected: [401, 403, 200, 200, 200],
  },
  {
    route: 'POST /wedia/analytics/top (aggregationFieldname=id)',
    request: post('/wedia/analytics/top', { configurationName: 'view', aggregationFieldname: 'id' }),
    expected: [401, 403, 200, 200, 200],
  },
  // --- asset pictures and media (protocol §13.1): every asset is seen by all; carol, watermarked, gets `_w` only
  {
    route: 'GET /wedia/dam/variation/asset/{id}/thumbnailBig (a clean picture)',
    request: get(() => `/wedia/dam/variation/asset/${seededAsset('image')}/thumbnailBig`),
    expected: [200, 200, 200, 200, 403],
  },
  {
    route: 'GET /wedia/dam/variation/asset/{id}/preview_w (the watermarked picture)',
    request: get(() => `/wedia/dam/variation/asset/${seededAsset('image')}/preview_w`),
    expected: [200, 200, 200, 200, 200],
  },
  {
    route: 'GET /wedia/dam/variation?object=asset&id={id} (the big thumbnail by query)',
    request: get(() => `/wedia/dam/variation?object=asset&id=${seededAsset('image')}`),
    expected: [200, 200, 200, 200, 403],
  },
  {
    route: 'GET /wedia/dam/variation/asset/{id}/original?download=true',
    request: get(() => `/wedia/dam/variation/asset/${seededAsset('image')}/original?download=true`),
    expected: [200, 200, 200, 200, 403],
  },
  {
    route: 'GET /wedia/dam/variations/asset/{id} (the list of variations)',
    request: get(() => `/wedia/dam/variations/asset/${seededAsset('image')}`),
    expected: [200, 200, 200, 200, 200],
  },
  {
    route: 'GET /wedia/dam/variation/asset/{id}/video (Range support)',
    request: get(() => `/wedia/dam/variation/asset/${seededAsset('video')}/video`),
    expected: [200, 200, 200, 200, 403],
  },
  {
    route: 'GET /wedia/dam/player/bo.player/asset/{id} (the player frame)',
    request: get(() => `/wedia/dam/player/bo.player/asset/${seededAsset('video')}`),
    expected: [200, 200, 200, 200, 200],
  },
  {
    route: 'GET /packaged/reverse-search/report/{uuid} (where copies of a picture are)',
    request: get(() => `/packaged/reverse-search/report/${searchedAsset().$uuid}`),
    expected: [403, 403, 200, 200, 403],
  },
  {
    route: 'POST /packaged/reverse-search/submit/{uuid}',
    request: (headers) => [
      `/packaged/reverse-search/submit/${searchedAsset().$uuid}`,
      { method: 'POST', headers },
    ],
    expected: [403, 403, 202, 202, 403],
  },
  // --- routes of the first domains, for reference ----------------------------------------------
  {
    route: 'GET /rest/massimport/job (the job list)',
    request: get(() => `${MI}/job`),
    expected: [403, 403, 200, 200, 403],
  },
  {
    route: "GET /rest/massimport/job/{id} of alice's job",
    request: get(() => `${MI}/job/${ALICES_JOB}`),
    expected: [403, 403, 200, 403, 403],
  },
  {
    route: 'GET /wedia/cart/listCarts',
    request: get(() => '/wedia/cart/listCarts?type=mine'),
    expected: [401, 401, 200, 200, 200],
  },
  {
    route: 'POST /wedia/analytics/assetEvents (the usage of one asset, on its page)',
    request: post('/wedia/analytics/assetEvents', { id: '5', nbrDays: '30' }),
    expected: [200, 200, 200, 200, 200],
  },
];

describe('rights of the demo server: routes × roles (issue 27)', () => {
  for (const row of ROWS) {
    describe(row.route, () => {
      ROLES.forEach((role, column) => {
        const status = row.expected[column] as number;
        it(`${role}: ${status}`, async () => {
          const [path, init] = row.request(fx.headers[role]);
          const answer = await call(path, init as RequestInit & { headers?: Record<string, string> });
          expect(answer.status, JSON.stringify(answer.body).slice(0, 200)).toBe(status);
          if (status === 401 || status === 403) expect(answer.body.message).toEqual(expect.any(String));
        });
      });
    });
  }
});
