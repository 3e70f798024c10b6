import { ASSET_NATURES, type AssetNature, findById } from '../db/assets';
import type { Db } from '../db/index';
import { createRandom, mixSeed, slugify } from '../db/random';
import type { FieldHeader } from '../db/schemas';
import type { Caller } from '../handlers/caller';
import type { Collection, Collections, Row } from '../search/collections';
import { invalidateSearchIndex } from '../search/registry';
import { hasRight } from '../search/rights';
import { nextStatus, WORKFLOW_STATUS } from './workflow';

/** A refused write: the status and message of the error body (protocol §1.9). */
export class WriteError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The values of a write as they came: `prop` (the `/json/...` forms: every value a text, arrays
 * repeated, files as parts) or `json` (the `/rest/...` forms: JSON values, files as `cid:` names).
 */
export type WireValues =
  | { wire: 'prop'; values: Map<string, Array<string | File>> }
  | { wire: 'json'; values: Record<string, unknown>; files: Map<string, File> };

/** The asset member a file is sent under (demo convention): it replaces the asset's file. */
export const BINARY_FIELD = 'binary';

export type Operation = 'create' | 'update';

const RIGHT_OF = {
  create: 'objectactions/create',
  update: 'objectactions/multiupdate',
  delete: 'objectactions/delete',
} as const;

/** 403 unless the caller holds the right of the operation (mocks/search/rights.ts). */
export function requireRight(caller: Caller, operation: keyof typeof RIGHT_OF, collection: Collection): void {
  if (hasRight(caller, RIGHT_OF[operation])) return;
  const who = caller.kind === 'user' ? caller.user.login : caller.kind;
  throw new WriteError(403, `${who} may not ${operation} ${collection.resource} entities`);
}

export function requireRow(collection: Collection, id: string | number): Row {
  const row = /^\d+$/.test(String(id)) ? findById(collection.rows(), Number(id)) : undefined;
  if (!row) throw new WriteError(404, `ID #${id} NOT FOUND`);
  return row;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const typeError = (field: string, expected: string, value: unknown): WriteError =>
  new WriteError(400, `Field ${field} must be ${expected}, not ${JSON.stringify(value) ?? String(value)}`);

/** An id as sent: a number, digits, or an object carrying `id`. */
function idOf(field: string, value: unknown): number {
  const raw = isRecord(value) ? value.id : value;
  if (typeof raw === 'number' && Number.isInteger(raw)) return raw;
  if (typeof raw === 'string' && /^\d+$/.test(raw)) return Number(raw);
  throw typeError(field, 'an id', value);
}

interface FieldContext {
  collections: Collections;
  name: string;
  header: FieldHeader;
  lang: string;
  /** the stored value, for `$mode` add and remove */
  current: unknown;
}

function relatedIds(context: FieldContext, ids: number[]): number[] {
  const path = context.header.href?.replace(/^\/api\/rest\//, '');
  const target = path ? context.collections.get(path) : undefined;
  if (target) {
    for (const id of ids) {
      if (!findById(target.rows(), id))
        throw new WriteError(400, `Field ${context.name}: unknown ${target.resource} #${id}`);
    }
  }
  return ids;
}

/** A JSON value checked against the field's header type and turned into the stored value. */
function fromJson(context: FieldContext, value: unknown): unknown {
  const { name, header } = context;
  switch (header.type) {
    case 'string':
    case 'text':
      if (value === null || typeof value === 'string') return value;
      // an i18n field may come as the texts per locale (without `i18n=false`)
      if (header.i18n && isRecord(value) && Object.values(value).every((text) => typeof text === 'string')) {
        return (value[context.lang] ?? value.en ?? Object.values(value)[0] ?? '') as string;
      }
      throw typeError(name, 'a text', value);
    case 'number':
      if (value === null || (typeof value === 'number' && Number.isFinite(value))) return value;
      throw typeError(name, 'a number', value);
    case 'boolean':
      if (typeof value === 'boolean') return value;
      throw typeError(name, 'true or false', value);
    case 'date':
      if (value === null || value === '') return null;
      if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value))) {
        return new Date(value).toISOString();
      }
      throw typeError(name, 'an ISO 8601 date', value);
    case 'object':
      if (value === null || value === '') return null;
      return header.href ? (relatedIds(context, [idOf(name, value)])[0] as number) : value;
    case 'array': {
      let mode = 'replace';
      let items = value;
      if (isRecord(value) && '$mode' in value) {
        mode = String(value.$mode);
        items = value.$values;
        if (!['replace', 'add', 'remove'].includes(mode))
          throw typeError(name, 'a $mode of replace, add or remove', mode);
      }
      if (!Array.isArray(items)) throw typeError(name, 'an array', value);
      if (!header.href) return items;
      const ids = relatedIds(
        context,
        items.map((item) => idOf(name, item)),
      );
      const current = Array.isArray(context.current) ? context.current.map((item) => idOf(name, item)) : [];
      if (mode === 'add') return [...current, ...ids.filter((id) => !current.includes(id))];
      if (mode === 'remove') return current.filter((id) => !ids.includes(id));
      return [...new Set(ids)];
    }
  }
}

/** The texts of a `prop_*` field turned into the JSON value they stand for, then checked. */
function fromProp(context: FieldContext, texts: string[]): unknown {
  const { name, header } = context;
  const single = texts.length === 1 ? (texts[0] as string) : undefined;
  if (header.type !== 'array' && single === undefined) throw typeError(name, 'one value', texts);
  switch (header.type) {
    case 'string':
    case 'text':
      return single;
    case 'number':
      if (single === '') return null;
      if (single !== undefined && /^-?\d+(\.\d+)?$/.test(single)) return Number(single);
      throw typeError(name, 'a number', single);
    case 'boolean':
      if (single === 'true' || single === 'false') return single === 'true';
      throw typeError(name, 'true or false', single);
    case 'array':
      // an empty array travels as one empty value
      return fromJson(context, texts.length === 1 && texts[0] === '' ? [] : texts);
    default:
      return fromJson(context, single);
  }
}

/** Whether a sent value is the stored one: ids for relations, the text for other values. */
function sameAsStored(sent: unknown, stored: unknown, prop: boolean): boolean {
  const key = (value: unknown): string => {
    if (Array.isArray(value)) return `[${value.map(key).join(',')}]`;
    if (isRecord(value)) return 'id' in value ? String(value.id) : JSON.stringify(value);
    return value === null || value === undefined ? '' : String(value);
  };
  const value = prop && Array.isArray(sent) && !Array.isArray(stored) ? sent[0] : sent;
  return key(value) === key(stored);
}

export interface WriteContext {
  db: Db;
  collections: Collections;
  collection: Collection;
  caller: Caller;
  lang: string;
  now: Date;
}

/** Checked changes of one write: stored values by field, and the file sent for the asset, if any. */
export interface Changes {
  values: Map<string, unknown>;
  binary?: File;
}

function fileOf(name: string, value: unknown, files: Map<string, File> | undefined): File | undefined {
  if (value instanceof File) return value;
  if (typeof value === 'string' && value.startsWith('cid:')) {
    const file = files?.get(value.slice(4));
    if (!file) throw new WriteError(400, `Field ${name}: no file part named ${value.slice(4)}`);
    return file;
  }
  return undefined;
}

/**
 * Checks every sent field like a real server: unknown field 400, read-only field 400 (`cud.create`
 * or `cud.update` false), wrong type 400, unknown related id 400, mandatory field emptied 400.
 * `id` and `$` members (the entity's own metadata) are skipped.
 */
export function checkChanges(
  context: WriteContext,
  operation: Operation,
  input: WireValues,
  row?: Row,
): Changes {
  const { headers } = context.collection.schema;
  const changes: Changes = { values: new Map() };
  const entries: Array<[string, unknown]> =
    input.wire === 'prop'
      ? [...input.values.entries()]
      : Object.entries(input.values).filter(([name]) => name !== 'id' && !name.startsWith('$'));
  for (const [name, raw] of entries) {
    const list = input.wire === 'prop' ? (raw as Array<string | File>) : undefined;
    const file = fileOf(name, list ? list[0] : raw, input.wire === 'json' ? input.files : undefined);
    if (name === BINARY_FIELD && context.collection.resource === 'asset') {
      // the `binary` member an entity was answered with, sent back as it was: no change
      if (!file && isRecord(raw)) continue;
      if (!file) throw typeError(name, 'a file', raw);
      changes.binary = file;
      continue;
    }
    const header = headers[name];
    if (!header) throw new WriteError(400, `Unknown field ${name} of ${context.collection.resource}`);
    if (!(operation === 'create' ? header.cud.create : header.cud.update)) {
      // a read-only field sent back with its stored value (a whole entity sent as it was) changes nothing
      if (
        operation === 'update' &&
        row &&
        sameAsStored(list ? list.map(String) : raw, row[name], list !== undefined)
      ) {
        continue;
      }
      throw new WriteError(400, `Field ${name} of ${context.collection.resource} is read-only`);
    }
    if (file) throw typeError(name, `a ${header.type}`, `file ${file.name}`);
    const fieldContext: FieldContext = {
      collections: context.collections,
      name,
      header,
      lang: context.lang,
      current: row?.[name],
    };
    const value = list ? fromProp(fieldContext, list as string[]) : fromJson(fieldContext, raw);
    if (header.cud.mandatoryStructure && (value === null || value === undefined)) {
      throw new WriteError(400, `Field ${name} of ${context.collection.resource} is mandatory`);
    }
    changes.values.set(name, value);
  }
  if (operation === 'create') {
    for (const [name, header] of Object.entries(headers)) {
      if (header.cud.mandatoryCreate && !changes.values.has(name)) {
        throw new WriteError(400, `Field ${name} of ${context.collection.resource} is mandatory`);
      }
    }
  }
  return changes;
}

const natureOf = (mimetype: string): AssetNature =>
  ASSET_NATURES[mimetype.startsWith('video/') ? 1 : mimetype.startsWith('image/') ? 0 : 2] as AssetNature;

/** A sent file becomes the asset's file: name, type, size and nature. */
function applyBinary(row: Row, file: File): void {
  const mimetype = file.type || 'application/octet-stream';
  row.filename = file.name || `upload-${row.id}`;
  row.mimetype = mimetype;
  row.filesize = file.size;
  row.assetnature = natureOf(mimetype);
  row.duration = mimetype.startsWith('video/') ? 4 : null;
}

function touch(context: WriteContext, row: Row): void {
  if ('modified' in context.collection.schema.headers) row.modified = context.now.toISOString();
}

/** Applies checked changes to a copy (faces preview) or the row itself. */
export function applyChanges(context: WriteContext, row: Row, changes: Changes): Row {
  for (const [name, value] of changes.values) row[name] = value;
  if (changes.binary) applyBinary(row, changes.binary);
  touch(context, row);
  return row;
}

/** The stored row a create starts from: the schema's defaults, and what an asset always has. */
function newRow(context: WriteContext, id: number): Row {
  const row: Row = { id };
  for (const [name, header] of Object.entries(context.collection.schema.headers)) {
    row[name] = header.cud.defaultCreate ?? (header.type === 'array' ? [] : null);
  }
  if (context.collection.resource === 'asset') {
    const rand = createRandom(mixSeed(31_337, id));
    const author =
      context.caller.kind === 'user'
        ? `${context.caller.user.firstname} ${context.caller.user.lastname}`
        : '';
    Object.assign(row, {
      $uuid: rand.uuid(),
      $resource: 'asset',
      $path: 'dam/data/asset',
      $status: WORKFLOW_STATUS.draft,
      activated: true,
      title: '',
      description: '',
      keywords: [],
      assetnature: ASSET_NATURES[0],
      categories: [],
      created: context.now.toISOString(),
      filename: `asset-${id}.jpg`,
      mimetype: 'image/jpeg',
      filesize: 0,
      width: 1920,
      height: 1080,
      duration: null,
      author,
      copyright: '',
      dteendrights: null,
    });
  }
  return row;
}

/** Creates a row (the next id), stores it, and makes the search see it. */
export function createRow(context: WriteContext, changes: Changes): Row {
  const rows = context.collection.rows() as Row[];
  const id = (rows.at(-1)?.id ?? 0) + 1;
  const row = applyChanges(context, newRow(context, id), changes);
  if (context.collection.resource === 'asset') {
    if (!row.title) row.title = row.name;
    if (row.filename === `asset-${id}.jpg` && typeof row.name === 'string' && row.name) {
      row.filename = `${slugify(row.name)}-${id}.jpg`;
    }
  }
  if (context.collection.treefield) {
    const parent = row[context.collection.treefield];
    const parentRow = typeof parent === 'number' ? findById(rows, parent) : undefined;
    row.depth = parentRow ? Number(parentRow.depth ?? 0) + 1 : 0;
    row.activated ??= true;
  }
  rows.push(row);
  invalidateSearchIndex(context.db, context.collection.path);
  return row;
}

export function updateRow(context: WriteContext, row: Row, changes: Changes): Row {
  applyChanges(context, row, changes);
  invalidateSearchIndex(context.db, context.collection.path);
  return row;
}

export function deleteRow(context: WriteContext, row: Row): void {
  const rows = context.collection.rows() as Row[];
  rows.splice(rows.indexOf(row), 1);
  invalidateSearchIndex(context.db, context.collection.path);
}

/** A workflow step: 400 when the row has no workflow or the action is not offered in its state. */
export function stepRow(context: WriteContext, row: Row, action: string): Row {
  if (!('$status' in row))
    throw new WriteError(400, `${context.collection.resource} entities have no workflow`);
  const status = nextStatus(row.$status, action);
  if (status === undefined)
    throw new WriteError(400, `Workflow action ${action || '(none)'} is not available`);
  row.$status = status;
  touch(context, row);
  invalidateSearchIndex(context.db, context.collection.path);
  return row;
}
