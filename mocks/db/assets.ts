import { createRandom, DAY_MS, mixSeed, type Random, REF_MS, slugify } from './random';
import type { Taxonomy, Theme } from './tree';
import { ADJECTIVES } from './vocabulary';

export type AssetNatureCode = 'image' | 'video' | 'document';

/** The nature of an asset (resource `assetnature`); `dof_code` constraints match on `code`. */
export interface AssetNature {
  id: number;
  code: AssetNatureCode;
  name: string;
}

/** Frozen and shared by the assets of each nature: one object instead of 100,000 copies. */
export const ASSET_NATURES: readonly AssetNature[] = [
  Object.freeze({ id: 1, code: 'image', name: 'Image' }),
  Object.freeze({ id: 2, code: 'video', name: 'Video' }),
  Object.freeze({ id: 3, code: 'document', name: 'Document' }),
];

/** Workflow status of an asset, the same codes as CMS pages: 6 is published. */
export const ASSET_STATUS = { toValidate: 2, published: 6 } as const;

/** An asset (resource `asset`, path `dam/data/asset`), as stored; handlers shape it for the wire. */
export interface Asset {
  id: number;
  $uuid: string;
  $resource: 'asset';
  $path: 'dam/data/asset';
  $status: number;
  activated: boolean;
  /** unique: the title followed by the zero-padded id, as photo libraries number their files */
  name: string;
  title: string;
  description: string;
  /** ids of `Keyword`s */
  keywords: number[];
  /** shared, frozen: replace it, do not edit it */
  assetnature: AssetNature;
  /** ids of `Category` nodes (leaves) */
  categories: number[];
  created: string;
  modified: string;
  filename: string;
  mimetype: string;
  /** bytes */
  filesize: number;
  width: number;
  height: number;
  /** seconds, for videos; `null` otherwise */
  duration: number | null;
  author: string;
  copyright: string;
  /** end of the rights of use; `null` when unlimited */
  dteendrights: string | null;
  /** the uploaded file's key in the run's folder (mocks/imports/storage.ts): its variations are made from it */
  file?: string;
}

const ASSET_SEED = 20_260_115;

interface Media {
  extension: string;
  mimetype: string;
  width: number;
  height: number;
  filesize: number;
  duration: number | null;
}

const IMAGE_FORMATS = [
  { extension: 'jpg', mimetype: 'image/jpeg', weight: 70, bytesPerPixel: [0.2, 0.7] },
  { extension: 'png', mimetype: 'image/png', weight: 12, bytesPerPixel: [0.8, 2] },
  { extension: 'tif', mimetype: 'image/tiff', weight: 12, bytesPerPixel: [3, 6] },
  { extension: 'psd', mimetype: 'image/vnd.adobe.photoshop', weight: 6, bytesPerPixel: [4, 9] },
] as const;
const IMAGE_SIZES = [
  [6000, 4000],
  [5472, 3648],
  [4032, 3024],
  [3840, 2160],
  [2400, 1600],
  [1920, 1080],
  [1200, 800],
] as const;
/** frame size and bytes per second of footage (min, max) */
const VIDEO_SIZES = [
  { width: 3840, height: 2160, weight: 25, bytesPerSecond: [4e6, 7e6] },
  { width: 1920, height: 1080, weight: 55, bytesPerSecond: [8e5, 2e6] },
  { width: 1280, height: 720, weight: 20, bytesPerSecond: [3e5, 8e5] },
] as const;
const DOCUMENT_FORMATS = [
  {
    kind: 'PDF document',
    extension: 'pdf',
    mimetype: 'application/pdf',
    weight: 55,
    size: [595, 842],
    bytes: [4e4, 2.5e7],
  },
  {
    kind: 'Presentation',
    extension: 'pptx',
    mimetype: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    weight: 20,
    size: [1920, 1080],
    bytes: [1e6, 8e7],
  },
  {
    kind: 'Text document',
    extension: 'docx',
    mimetype: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    weight: 15,
    size: [595, 842],
    bytes: [2e4, 4e6],
  },
  {
    kind: 'Spreadsheet',
    extension: 'xlsx',
    mimetype: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    weight: 10,
    size: [1280, 800],
    bytes: [1.5e4, 2e6],
  },
] as const;

function between(rand: Random, [min, max]: readonly [number, number]): number {
  return min + rand.next() * (max - min);
}

function imageMedia(rand: Random): Media {
  const format = rand.pickWeighted(IMAGE_FORMATS);
  const [long, short] = rand.pick(IMAGE_SIZES);
  const portrait = rand.chance(0.3);
  return {
    extension: format.extension,
    mimetype: format.mimetype,
    width: portrait ? short : long,
    height: portrait ? long : short,
    filesize: Math.round(long * short * between(rand, format.bytesPerPixel)),
    duration: null,
  };
}

function videoMedia(rand: Random): Media {
  const frame = rand.pickWeighted(VIDEO_SIZES);
  // log-uniform, so the short (<= 5 min), medium and long (> 20 min) duration buckets all exist
  const duration = Math.round(rand.logUniform(5, 3600));
  const mov = rand.chance(0.2);
  return {
    extension: mov ? 'mov' : 'mp4',
    mimetype: mov ? 'video/quicktime' : 'video/mp4',
    width: frame.width,
    height: frame.height,
    filesize: Math.round(duration * between(rand, frame.bytesPerSecond)),
    duration,
  };
}

function documentMedia(rand: Random): Media & { kind: string } {
  const format = rand.pickWeighted(DOCUMENT_FORMATS);
  return {
    kind: format.kind,
    extension: format.extension,
    mimetype: format.mimetype,
    width: format.size[0],
    height: format.size[1],
    filesize: Math.round(rand.logUniform(format.bytes[0], format.bytes[1])),
    duration: null,
  };
}

export function formatDuration(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return minutes === 0 ? `${seconds} s` : `${minutes} min ${String(seconds % 60).padStart(2, '0')} s`;
}

interface AssetContext {
  themes: readonly Theme[];
  /** slugs and dates repeat a lot across 100,000 assets: computed once each */
  slugs: Map<string, string>;
  rightsDates: Map<number, string>;
  categoryNames: ReadonlyMap<number, string>;
  genericKeywordIds: readonly number[];
  authors: readonly string[];
}

function cached<K, V>(cache: Map<K, V>, key: K, compute: (key: K) => V): V {
  let value = cache.get(key);
  if (value === undefined) {
    value = compute(key);
    cache.set(key, value);
  }
  return value;
}

function dayIso(daysFromRef: number): string {
  return new Date(REF_MS + daysFromRef * DAY_MS).toISOString();
}

function createAsset(id: number, context: AssetContext): Asset {
  const rand = createRandom(mixSeed(ASSET_SEED, id));
  const theme = rand.pick(context.themes);
  const leaf = rand.pick(theme.leafIds);
  const extraLeaf = rand.chance(0.15) ? rand.pick(rand.pick(context.themes).leafIds) : leaf;
  const leafName = context.categoryNames.get(leaf) ?? '';
  const natureRoll = rand.next();
  const nature = ASSET_NATURES[natureRoll < 0.6 ? 0 : natureRoll < 0.8 ? 1 : 2] as AssetNature;
  const title = `${rand.pick(ADJECTIVES)} ${rand.pick(theme.outline.subjects)}`;
  const author = rand.pick(context.authors);
  const created = REF_MS - rand.int(1, 1095) * DAY_MS - rand.int(0, 86_399) * 1000;
  const modified = rand.chance(0.4) ? created : created + rand.int(0, (REF_MS - created) / 1000) * 1000;
  const rightsRoll = rand.next();
  const rightsDay = rightsRoll < 0.4 ? -rand.int(1, 365) : rand.int(30, 1825);
  const dteendrights = rightsRoll < 0.25 ? null : cached(context.rightsDates, rightsDay, dayIso);

  let media: Media;
  let description: string;
  if (nature.code === 'image') {
    media = imageMedia(rand);
    description = `${title}, photographed for the ${leafName} collection by ${author}.`;
  } else if (nature.code === 'video') {
    media = videoMedia(rand);
    description = `${title}: a ${formatDuration(media.duration ?? 0)} clip for the ${leafName} collection.`;
  } else {
    const document = documentMedia(rand);
    media = document;
    description = `${document.kind} on ${leafName}, prepared by ${author}.`;
  }
  const name = `${title} ${String(id).padStart(4, '0')}`;
  return {
    id,
    $uuid: rand.uuid(),
    $resource: 'asset',
    $path: 'dam/data/asset',
    $status: rand.chance(0.95) ? ASSET_STATUS.published : ASSET_STATUS.toValidate,
    activated: !rand.chance(0.005),
    name,
    title,
    description,
    keywords: [
      ...rand.sample(theme.keywordIds, rand.int(2, 3)),
      ...rand.sample(context.genericKeywordIds, rand.int(1, 2)),
    ],
    assetnature: nature,
    categories: extraLeaf === leaf ? [leaf] : [leaf, extraLeaf],
    created: new Date(created).toISOString(),
    modified: new Date(modified).toISOString(),
    filename: `${cached(context.slugs, title, slugify)}-${String(id).padStart(4, '0')}.${media.extension}`,
    mimetype: media.mimetype,
    filesize: media.filesize,
    width: media.width,
    height: media.height,
    duration: media.duration,
    author,
    copyright: `© ${new Date(created).getUTCFullYear()} ${author}`,
    dteendrights,
  };
}

/** Assets 1..count; each is drawn from its own id, so asset n is the same for any count >= n. */
export function createAssets(count: number, taxonomy: Taxonomy, authors: readonly string[]): Asset[] {
  const context: AssetContext = {
    themes: taxonomy.themes,
    slugs: new Map(),
    rightsDates: new Map(),
    categoryNames: new Map(taxonomy.categories.map((category) => [category.id, category.name])),
    genericKeywordIds: taxonomy.genericKeywordIds,
    authors,
  };
  return Array.from({ length: count }, (_, index) => createAsset(index + 1, context));
}

/** Seeded relations (carts, analytics) only use the first assets: they stay the same whatever DEMO_ASSETS is. */
export function relationPool(assets: readonly Asset[]): readonly Asset[] {
  return assets.slice(0, 2000);
}

/** Binary search in rows sorted by id (assets, categories, keywords: new rows get the next id, deleted ones are spliced out). */
export function findById<T extends { id: number }>(rows: readonly T[], id: number | string): T | undefined {
  const wanted = Number(id);
  let low = 0;
  let high = rows.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const row = rows[middle] as T;
    if (row.id === wanted) return row;
    if (row.id < wanted) low = middle + 1;
    else high = middle - 1;
  }
  return undefined;
}

export function findAsset(assets: readonly Asset[], id: number | string): Asset | undefined {
  return findById(assets, id);
}
