/**
 * The demo's mass import beyond the stored rows (issue 15): item statuses moving on with time,
 * running commands, the wire shapes of jobs and items, rights. Handlers: mocks/handlers/imports.ts.
 */
import { type Asset, ASSET_NATURES } from '../db/assets';
import { IMPORT_ITEM_STATUS, type ImportItem, type ImportJob } from '../db/imports';
import type { Db } from '../db/index';
import { createRandom, mixSeed } from '../db/random';
import type { FieldHeader } from '../db/schemas';
import { ROLES, type User } from '../db/users';
import { WORKFLOW_STATUS } from '../entities/workflow';
import { isAssetManager } from '../handlers/rights';
import { invalidateSearchIndex } from '../search/registry';
import { ticketedPath } from './tickets';

export const S = IMPORT_ITEM_STATUS;

/** Status names, as the workflow and the aggregates show them. */
export const STATUS_NAMES: Readonly<Record<number, string>> = {
  [S.uploaded]: 'uploaded',
  [S.analyzing]: 'analyzing',
  [S.incomplete]: 'incomplete',
  [S.ready]: 'ready',
  [S.imported]: 'imported',
  [S.failed]: 'failed',
};

/** The asset fields an item's metadata may hold, in form order; `title` is mandatory to import. */
export const ITEM_FIELDS = ['title', 'description', 'keywords', 'categories', 'author', 'copyright'] as const;
export type ItemField = (typeof ITEM_FIELDS)[number];
export const MANDATORY_FIELDS: ReadonlySet<string> = new Set(['title']);

/** A running command of a PUT (protocol §15.1): applied, and reported done, at `doneAt`. */
export interface Command {
  id: number;
  job: number;
  kind: 'metadata' | 'collection' | 'validate';
  itemsIds: number[];
  fields: string[];
  doneAt: number;
  applied: boolean;
  apply: () => void;
  validationJob?: number;
}

interface ImportsState {
  commands: Map<number, Command>;
  nextCommand: number;
  nextValidationJob: number;
  /** `changes` of a job per user: items changed after this ISO time are reported */
  changesSeen: Map<string, string>;
  /** the next id an upload may take (see takeItemIds) */
  nextItem: number;
}

const states = new WeakMap<Db, ImportsState>();

/**
 * Ids for new items, taken at once before any await: uploads running side by side never share
 * one (the largest id so far + 1, then counting).
 */
export function takeItemIds(db: Db, count: number): number[] {
  const state = stateOf(db);
  const largest = db.importItems.reduce((max, item) => Math.max(max, item.id), 0);
  const first = Math.max(state.nextItem, largest + 1);
  state.nextItem = first + count;
  return Array.from({ length: count }, (_, index) => first + index);
}

export function stateOf(db: Db): ImportsState {
  let state = states.get(db);
  if (!state) {
    state = {
      commands: new Map(),
      nextCommand: 1,
      nextValidationJob: 1,
      changesSeen: new Map(),
      nextItem: 1,
    };
    states.set(db, state);
  }
  return state;
}

/** ready when every mandatory field has a value, incomplete otherwise */
export function analysedStatus(item: ImportItem): number {
  for (const field of MANDATORY_FIELDS) {
    const value = item.metadata[field as keyof ImportItem['metadata']];
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0))
      return S.incomplete;
  }
  return S.ready;
}

/** Items whose analysis time has come become ready (or incomplete); commands whose time has come apply. */
export function advance(db: Db, now = Date.now()): void {
  for (const item of db.importItems) {
    if (item.status === S.analyzing && item.readyAt !== undefined && item.readyAt <= now) {
      item.status = analysedStatus(item);
      item.indexingstatus = 'indexed';
      item.modified = new Date(item.readyAt).toISOString();
      delete item.readyAt;
    }
  }
  for (const command of stateOf(db).commands.values()) {
    if (!command.applied && command.doneAt <= now) {
      command.applied = true;
      command.apply();
    }
  }
}

// --- rights -------------------------------------------------------------------------------------

/** Asset managers and contributors import; partners, applications and visitors do not. */
export const mayImport = (user: User | undefined): user is User =>
  user !== undefined && (user.role.id === ROLES.assetManager.id || user.role.id === ROLES.contributor.id);

/**
 * A job, its items and their files are seen and changed by its owner and by asset managers. The
 * demo's jobs have no collaborators; a model that adds them adds them here, and every route follows.
 */
export const mayUseJob = (user: User, job: ImportJob): boolean =>
  isAssetManager(user) || job.jobowner === user.id;

/** Deleting a whole job is for asset managers (contributors deactivate theirs: PATCH `activated:false`). */
export const mayDeleteJob = (user: User): boolean => isAssetManager(user);

// --- wire ---------------------------------------------------------------------------------------

/** `headers.$assetmetadata`: the asset schema's headers of the item fields, `title` mandatory. */
export function itemFieldHeaders(db: Db): Record<string, FieldHeader> {
  const headers = db.schemas['dam/data/asset']?.headers ?? {};
  const out: Record<string, FieldHeader> = {};
  for (const name of ITEM_FIELDS) {
    const header = headers[name];
    if (!header) continue;
    const mandatory = MANDATORY_FIELDS.has(name);
    out[name] = {
      ...header,
      cud: { ...header.cud, mandatoryStructure: header.cud.mandatoryStructure || mandatory },
    };
  }
  return out;
}

/** `$assetmetadataresources` and a job's `itemResources`: the resources items may become. */
export function itemResources(db: Db) {
  const schema = db.schemas['dam/data/asset'];
  return [
    {
      resource: 'asset',
      label: schema?.name ?? 'Asset',
      description: schema?.description ?? '',
      fields: Object.fromEntries(
        ITEM_FIELDS.map((name) => [name, { $ref: `/api/rest/dam/data/asset/headers#${name}` }]),
      ),
    },
  ];
}

/** Per field of an item, whether it may be edited, must be filled and is shown. */
function fieldFlags(db: Db, item: ImportItem, writable: boolean) {
  const locked = item.status === S.imported || item.status === S.analyzing;
  return Object.entries(itemFieldHeaders(db)).map(([name, header]) => ({
    name,
    editable: writable && !locked && (header.cud.create || header.cud.update),
    mandatory: header.cud.mandatoryStructure,
    viewable: true,
  }));
}

/** A stored value as the wire carries it: relations as `{id, name}`, a missing text as null. */
function metadataValue(db: Db, field: ItemField, value: unknown): unknown {
  if (field === 'keywords' || field === 'categories') {
    const rows: ReadonlyArray<{ id: number; name: string }> =
      field === 'keywords' ? db.keywords : db.categories;
    return ((value as number[] | undefined) ?? []).map((id) => ({
      id,
      name: rows.find((row) => row.id === id)?.name ?? '',
    }));
  }
  return value ?? null;
}

/**
 * `$assetmetadata` of an item, as the reference reads it: the resource it becomes (`$resource`),
 * each field's value under its name and, with `withSimu`, its flags under `$meta-<field>` as
 * `faces` (editable, mandatory, viewable).
 */
export function assetMetadata(db: Db, item: ImportItem, simu: boolean, writable: boolean) {
  const out: Record<string, unknown> = { $resource: item.type ?? 'asset' };
  for (const field of ITEM_FIELDS) out[field] = metadataValue(db, field, item.metadata[field]);
  if (simu) {
    for (const { name, ...faces } of fieldFlags(db, item, writable)) out[`$meta-${name}`] = { faces };
  }
  return out;
}

/** Item workflow (demo convention): actions by status. */
export const ITEM_ACTIONS: ReadonlyArray<{
  action: string;
  label: { en: string; fr: string };
  from: number[];
}> = [
  {
    action: 'analyze',
    label: { en: 'Analyse again', fr: 'Analyser à nouveau' },
    from: [S.uploaded, S.incomplete, S.ready, S.failed],
  },
  { action: 'validate', label: { en: 'Validate', fr: 'Valider' }, from: [S.ready] },
  { action: 'reject', label: { en: 'Reject', fr: 'Rejeter' }, from: [S.uploaded, S.incomplete, S.ready] },
];

/** Job workflow (demo convention): `start` runs the analysis of an open job, `stop` opens it again. */
export const JOB_ACTIONS: ReadonlyArray<{
  action: string;
  from: ImportJob['status'][];
  to: ImportJob['status'];
}> = [
  { action: 'start', from: ['open', 'done'], to: 'running' },
  { action: 'stop', from: ['running'], to: 'open' },
];

const langText = (label: { en: string; fr: string }, lang: string) =>
  lang.startsWith('fr') ? label.fr : label.en;

export interface ItemWireOptions {
  workflows: boolean;
  simu: boolean;
  rights: boolean;
  lang: string;
  writable: boolean;
}

/** The thumbnail's address, with its ticket (mocks/imports/tickets.ts): item answers go to those who may see it. */
export function thumbnailPath(item: ImportItem): string | null {
  if (item.status === S.uploaded || item.status === S.analyzing) return null;
  if (!item.thumbnail && item.file) return null;
  return ticketedPath(item, 'thumbnail');
}

export function wireItem(db: Db, item: ImportItem, options: ItemWireOptions): Record<string, unknown> {
  const wire: Record<string, unknown> = {
    id: item.id,
    $resource: item.$resource,
    $path: item.$path,
    $status: item.status,
    status: item.status,
    statusname: STATUS_NAMES[item.status] ?? String(item.status),
    name: item.name,
    filename: item.filename,
    mimetype: item.mimetype,
    filesize: item.filesize,
    job: item.job,
    $datatime: item.$datatime,
    modified: item.modified ?? item.$datatime,
    indexingstatus: item.indexingstatus,
    blurhash: item.blurhash,
    thumbnail: thumbnailPath(item),
    original: item.file ? ticketedPath(item, 'file') : null,
    width: item.size?.width ?? null,
    height: item.size?.height ?? null,
    type: item.type ?? 'asset',
    asset: item.asset ?? null,
    $assetmetadata: assetMetadata(db, item, options.simu, options.writable),
    error: item.error,
  };
  if (options.workflows) {
    wire.$workflow = {
      state: STATUS_NAMES[item.status],
      actions: ITEM_ACTIONS.filter((step) => step.from.includes(item.status)).map((step) => ({
        action: step.action,
        label: langText(step.label, options.lang),
      })),
    };
  }
  if (options.rights) {
    wire.$security = {
      'objectactions/view': true,
      'objectactions/multiupdate': options.writable,
      'objectactions/delete': options.writable,
    };
  }
  return wire;
}

export function itemsOfJob(db: Db, jobId: number): ImportItem[] {
  return db.importItems.filter((item) => item.job === jobId);
}

export function wireJob(
  db: Db,
  job: ImportJob,
  user: User,
  options: { withItems: boolean; maxItems: number; rights: boolean; lang: string },
): Record<string, unknown> {
  const items = itemsOfJob(db, job.id);
  const owner = db.users.find((candidate) => candidate.id === job.jobowner);
  const lastItem = items.reduce<string>((last, item) => {
    const at = item.modified ?? item.$datatime;
    return at > last ? at : last;
  }, job.modified);
  const wire: Record<string, unknown> = {
    id: job.id,
    $resource: 'job',
    $path: 'massimport/job',
    name: job.name,
    description: job.description,
    status: job.status,
    activated: job.activated,
    jobowner: owner
      ? { id: owner.id, login: owner.login, name: `${owner.firstname} ${owner.lastname}` }
      : { id: job.jobowner },
    created: job.created,
    modified: lastItem,
    subjobs: job.subjobs,
    accept: job.accept,
    count: items.length,
    itemResources: itemResources(db),
    $moreChildren_$items: { total: items.length },
  };
  if (options.withItems) {
    const writable = mayUseJob(user, job);
    wire.$items = items.slice(0, options.maxItems).map((item) =>
      wireItem(db, item, {
        workflows: false,
        simu: false,
        rights: options.rights,
        lang: options.lang,
        writable,
      }),
    );
  }
  if (options.rights) {
    wire.$security = {
      'objectactions/view': true,
      'objectactions/multiupdate': mayUseJob(user, job),
      'objectactions/delete': mayDeleteJob(user),
    };
  }
  return wire;
}

/** `headers` of the job list: the job fields. */
export const JOB_HEADERS = {
  name: { type: 'string', label: 'Name' },
  description: { type: 'text', label: 'Description' },
  status: { type: 'string', label: 'Status' },
  activated: { type: 'boolean', label: 'Active' },
  jobowner: { type: 'object', label: 'Owner', href: '/api/rest/user' },
  created: { type: 'date', label: 'Created' },
  modified: { type: 'date', label: 'Modified' },
  subjobs: { type: 'array', label: 'Sub-jobs', href: '/api/rest/massimport/job' },
} as const;

// --- validation -------------------------------------------------------------------------------

/**
 * An item becomes an asset (draft) in the library; the search sees it at once. It keeps the file:
 * named by its file name (the title may be shared by a whole shoot), its pixels served from the
 * uploaded bytes (mocks/media/uploaded-image.ts).
 */
export function importItem(db: Db, item: ImportItem, user: User, now: Date): Asset {
  const id = (db.assets.at(-1)?.id ?? 0) + 1;
  const rand = createRandom(mixSeed(51_515, id));
  const nature = item.mimetype.startsWith('video/') ? 1 : item.mimetype.startsWith('image/') ? 0 : 2;
  const title = item.metadata.title || item.name;
  const asset: Asset = {
    id,
    $uuid: rand.uuid(),
    $resource: 'asset',
    $path: 'dam/data/asset',
    $status: WORKFLOW_STATUS.draft,
    activated: true,
    name: item.filename,
    title,
    description: item.metadata.description ?? '',
    keywords: [...(item.metadata.keywords ?? [])],
    assetnature: ASSET_NATURES[nature] ?? (ASSET_NATURES[0] as Asset['assetnature']),
    categories: [...(item.metadata.categories ?? [])],
    created: now.toISOString(),
    modified: now.toISOString(),
    filename: item.filename,
    mimetype: item.mimetype,
    filesize: item.filesize,
    width: item.size?.width ?? 1920,
    height: item.size?.height ?? 1080,
    duration: item.mimetype.startsWith('video/') ? 4 : null,
    author: item.metadata.author ?? `${user.firstname} ${user.lastname}`,
    copyright: '',
    dteendrights: null,
    ...(item.file && { file: item.file }),
  };
  db.assets.push(asset);
  invalidateSearchIndex(db, 'dam/data/asset');
  item.status = S.imported;
  item.asset = id;
  item.modified = now.toISOString();
  return asset;
}
