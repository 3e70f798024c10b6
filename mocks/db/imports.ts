import { createRandom, isoDaysBefore, type Random } from './random';
import type { Taxonomy } from './tree';
import { USER_IDS } from './users';

/** Item statuses; `analyzing` (2) is what the "analyzing count" call filters on (protocol §15.1). */
export const IMPORT_ITEM_STATUS = {
  uploaded: 1,
  analyzing: 2,
  incomplete: 3,
  ready: 4,
  imported: 5,
  failed: 9,
} as const;

export type ImportJobStatus = 'open' | 'running' | 'done';

/** A mass-import job (path `massimport/job`). */
export interface ImportJob {
  id: number;
  name: string;
  description: string;
  status: ImportJobStatus;
  activated: boolean;
  /** user id */
  jobowner: number;
  created: string;
  modified: string;
  /** ids of jobs attached to this one */
  subjobs: number[];
  /** the resource its items become once imported */
  itemResource: 'asset';
  /** types of file it accepts (`image/*` or exact); another type is refused with 400/9 */
  accept: string[];
}

/** What a job accepts unless its creator says otherwise (demo convention). */
export const DEFAULT_ACCEPT = ['image/*', 'video/*', 'audio/*', 'application/pdf'];

/** Metadata typed in for an item before it is imported; an `incomplete` item lacks a required field. */
export interface ImportItemMetadata {
  title?: string;
  description?: string;
  keywords?: number[];
  categories?: number[];
  author?: string;
  copyright?: string;
}

/** A mass-import item (path `massimport/data/item`): one uploaded file. */
export interface ImportItem {
  id: number;
  job: number;
  $resource: 'item';
  $path: 'massimport/data/item';
  name: string;
  filename: string;
  mimetype: string;
  filesize: number;
  status: number;
  indexingstatus: 'pending' | 'indexed';
  /** a valid blurhash, shown while the preview loads */
  blurhash: string;
  /** upload time */
  $datatime: string;
  metadata: ImportItemMetadata;
  /** why a failed item failed (upload refused for its format, protocol §2.2) */
  error: { code: string; message: string } | null;
  /** last change (ISO), for the job's `changes` call */
  modified?: string;
  /** epoch ms: an `analyzing` item becomes ready (or incomplete) then; absent: it stays as it is */
  readyAt?: number;
  /** the uploaded file's key in the run's folder (mocks/imports/storage.ts); absent for seeded items */
  file?: string;
  /** the thumbnail's key and type, made at upload; shown once the item is analysed */
  thumbnail?: { key: string; type: string; width: number; height: number };
  /** width and height of an uploaded image */
  size?: { width: number; height: number };
  /** the collection it goes to on validation (`change collection`) */
  type?: string;
  /** the asset it became on validation */
  asset?: number;
}

const BLURHASHES = [
  'LEHV6nWB2yk8pyo0adR*.7kCMdnj',
  'LGF5]+Yk^6#M@-5c,1J5@[or[Q6.',
  'L6PZfSi_.AyE_3t7t7R**0o#DgR4',
  'LKO2?U%2Tw=w]~RBVZRi};RPxuwH',
] as const;

const FILE_KINDS = [
  { prefix: 'IMG_', extension: 'jpg', mimetype: 'image/jpeg', bytes: [1.5e6, 1.2e7] },
  { prefix: 'DSC0', extension: 'tif', mimetype: 'image/tiff', bytes: [3e7, 1.2e8] },
  { prefix: 'DJI_', extension: 'mp4', mimetype: 'video/mp4', bytes: [2e7, 9e8] },
  { prefix: 'SCAN_', extension: 'pdf', mimetype: 'application/pdf', bytes: [1e5, 8e6] },
] as const;

interface JobSeed {
  name: string;
  description: string;
  owner: number;
  status: ImportJobStatus;
  /** status of each item, in order */
  items: number[];
  subjobs?: number[];
}

const { alice, bob } = USER_IDS;
const S = IMPORT_ITEM_STATUS;
const repeat = (status: number, count: number): number[] => Array.from({ length: count }, () => status);

const JOB_SEEDS: JobSeed[] = [
  {
    name: 'Autumn catalogue shoot',
    description: 'Studio pictures of the autumn range',
    owner: alice,
    status: 'open',
    items: [
      ...repeat(S.ready, 10),
      ...repeat(S.incomplete, 8),
      ...repeat(S.analyzing, 4),
      ...repeat(S.uploaded, 2),
    ],
  },
  {
    name: 'Lyon fair footage',
    description: 'Drone and camera footage of the fair',
    owner: alice,
    status: 'running',
    items: [...repeat(S.analyzing, 7), ...repeat(S.ready, 5)],
  },
  {
    name: 'Brand refresh 2025',
    description: 'New brand assets',
    owner: alice,
    status: 'done',
    items: repeat(S.imported, 30),
    // job 4 below
    subjobs: [4],
  },
  {
    name: 'Brand refresh: logos',
    description: '',
    owner: alice,
    status: 'done',
    items: repeat(S.imported, 8),
  },
  {
    name: 'Coffee menu pictures',
    description: 'For the café menus',
    owner: bob,
    status: 'open',
    items: [...repeat(S.ready, 6), ...repeat(S.incomplete, 6), ...repeat(S.failed, 3)],
  },
  { name: 'Store openings', description: 'Nothing uploaded yet', owner: bob, status: 'open', items: [] },
];

/** One item of job `jobId` (seeded, or a scale test's: mocks/db/huge-import.ts). */
export function createItem(
  id: number,
  jobId: number,
  status: number,
  uploadedDaysAgo: number,
  rand: Random,
  taxonomy: Taxonomy,
): ImportItem {
  const kind = rand.pick(FILE_KINDS);
  const filename = `${kind.prefix}${rand.int(1000, 9999)}.${kind.extension}`;
  const theme = rand.pick(taxonomy.themes);
  const complete = status !== S.incomplete && status !== S.uploaded && status !== S.failed;
  return {
    id,
    job: jobId,
    $resource: 'item',
    $path: 'massimport/data/item',
    name: filename,
    filename,
    mimetype: kind.mimetype,
    filesize: Math.round(rand.logUniform(kind.bytes[0], kind.bytes[1])),
    status,
    indexingstatus: status === S.uploaded || status === S.analyzing ? 'pending' : 'indexed',
    blurhash: rand.pick(BLURHASHES),
    $datatime: isoDaysBefore(uploadedDaysAgo),
    metadata: complete
      ? {
          title: `${rand.pick(theme.outline.subjects)} ${rand.int(1, 99)}`,
          keywords: rand.sample(theme.keywordIds, 2),
          categories: [rand.pick(theme.leafIds)],
        }
      : {},
    error:
      status === S.failed ? { code: '400/9', message: `The format of ${filename} is not accepted` } : null,
  };
}

export function createImports(taxonomy: Taxonomy): { importJobs: ImportJob[]; importItems: ImportItem[] } {
  const rand = createRandom(7_001);
  const importItems: ImportItem[] = [];
  const importJobs = JOB_SEEDS.map((seed, index): ImportJob => {
    const id = index + 1;
    const createdDaysAgo = 2 + index * 9;
    for (const status of seed.items) {
      importItems.push(createItem(importItems.length + 1, id, status, createdDaysAgo - 1, rand, taxonomy));
    }
    return {
      id,
      name: seed.name,
      description: seed.description,
      status: seed.status,
      activated: true,
      jobowner: seed.owner,
      created: isoDaysBefore(createdDaysAgo),
      modified: isoDaysBefore(createdDaysAgo - 1),
      subjobs: seed.subjobs ?? [],
      itemResource: 'asset',
      accept: [...DEFAULT_ACCEPT],
    };
  });
  return { importJobs, importItems };
}
