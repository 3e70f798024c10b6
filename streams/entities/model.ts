import * as z from 'zod/mini';
import { STATUS_ORDER } from '../core/status';
import { WRITE_HERE } from '../core/write-here';

/**
 * Pure rules of entities and drafts (protocol §12.2, seed 002 §3-§5): keys, placeholder names,
 * the draft comparison and what a save sends. Reducers, selectors, epics and views share them.
 */

export const statusSchema = z.enum(STATUS_ORDER);

export const entityIdSchema = z.union([z.string(), z.number()]);
export type EntityId = z.infer<typeof entityIdSchema>;

/** An entity is keyed `${path}|${id}` (ids compared as text). */
export const entityKey = (path: string, id: EntityId): string => `${path}|${id}`;

/** The key of the last creation asked on a path (it has no id yet). */
export const creationKey = (path: string): string => `${path}|+`;

/** The key of more values of one field. */
export const moreKey = (path: string, id: EntityId, field: string, sub?: string): string =>
  `${entityKey(path, id)}|${field}${sub ? `/${sub}` : ''}`;

export const variationDetailKey = (path: string, id: EntityId, variation: string): string =>
  `${entityKey(path, id)}|${variation}`;

/** Variations are keyed by resource and id. */
export const variationKey = (resource: string, id: EntityId): string => `${resource}|${id}`;

/** protocol §12.2: the name of an entity the server does not have. */
export const notFoundName = (id: EntityId): string => `ID #${id} NOT FOUND`;
/** protocol §12.2: the name of an entity whose fetch failed. */
export const failedName = (id: EntityId): string => `FAILED ON ID #${id}`;

export const isPlaceholder = (value: unknown): boolean =>
  typeof value === 'string' && value.trim() === WRITE_HERE;

/** protocol §12.2 messages. A cancelled creation is not an error: it gives `null`. */
export const ENTITY_MESSAGES = {
  create: 'error creating entity',
  update: 'error updating entity',
  workflow: 'error updating entity workflow',
  delete: 'error removing entity',
} as const;

/** protocol §12.2: a draft update with neither a field name nor a change object. */
export const DRAFT_FIELD_UNDEFINED =
  'in updateDraft, field cannot be undefine. must be a string (field name) or an object (draft changes)';

/** An id the server gave (numeric): the entity exists; any other id is a creation in progress. */
export const isNumericId = (id: EntityId): boolean => /^\d+$/.test(String(id));

/** The path with dots, as the `/json/...` services name it (`dam/data/asset` → `dam.data.asset`). */
export const dottedPath = (path: string): string => path.replace(/\//g, '.');

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A file picked for a field: kept in drafts whatever the stored value, sent as a part. */
export function isFileValue(value: unknown): value is Blob {
  return typeof Blob !== 'undefined' && value instanceof Blob;
}

/** An object's id, or the value itself (a relation given as an id). */
export function idOf(value: unknown): unknown {
  return isRecord(value) && 'id' in value ? value.id : value;
}

function sameId(a: unknown, b: unknown): boolean {
  const left = idOf(a);
  const right = idOf(b);
  if (left === undefined || left === null || right === undefined || right === null) return left === right;
  return String(left) === String(right);
}

/** Stable JSON, for values that are objects without an id (i18n texts `{en, fr}`). */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (isRecord(value))
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stable(value[key])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'undefined';
}

/**
 * protocol §12.2: a change equals the stored value when — null and undefined compared strictly;
 * arrays by their sets of ids; objects by id (objects without an id, such as i18n texts, by
 * content); anything else with `===`. Files never equal anything (they are always kept).
 */
export function sameValue(stored: unknown, change: unknown): boolean {
  if (isFileValue(change)) return false;
  if (stored === null || stored === undefined || change === null || change === undefined)
    return stored === change;
  if (Array.isArray(stored) || Array.isArray(change)) {
    if (!Array.isArray(stored) || !Array.isArray(change)) return false;
    const left = new Set(stored.map((item) => String(idOf(item))));
    const right = new Set(change.map((item) => String(idOf(item))));
    return left.size === right.size && [...left].every((id) => right.has(id));
  }
  if (isRecord(stored) || isRecord(change)) {
    const withId = (isRecord(stored) && 'id' in stored) || (isRecord(change) && 'id' in change);
    return withId ? sameId(stored, change) : stable(stored) === stable(change);
  }
  return stored === change;
}

/**
 * A draft after some changes (protocol §12.2): each change is kept only when it differs from the
 * stored value, and a change back to the stored value drops the field from the draft. The
 * placeholder text is never a value.
 */
export function applyDraftChanges(
  current: Readonly<Record<string, unknown>>,
  stored: Readonly<Record<string, unknown>> | null,
  changes: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const next: Record<string, unknown> = { ...current };
  for (const [field, value] of Object.entries(changes)) {
    if (isPlaceholder(value) || field === '__proto__') continue;
    if (sameValue(stored?.[field], value)) delete next[field];
    else next[field] = value;
  }
  return next;
}

/** Arrays as ids, objects as an id (protocol §12.2 save); other values as they are. */
export function asIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(idOf);
  if (isRecord(value) && 'id' in value) return value.id;
  return value;
}

/** The members of a schema field header a save reads. */
interface SaveField {
  cud?: {
    mandatoryCreate?: boolean | null;
    mandatoryPatch?: boolean | null;
    defaultCreate?: unknown;
    defaultPatch?: unknown;
    create?: boolean | null;
    update?: boolean | null;
  } | null;
}

/**
 * What a draft save sends (protocol §12.1 "Save draft", §12.2): for every schema field, its draft
 * value, else — when the field is mandatory on create (the entity does not exist yet) or on patch
 * — its default. Arrays go as ids, objects as an id; files as `cid:f1`, `cid:f2`… with the parts
 * they name. The placeholder text is never sent. Without a known schema, the draft's own changes.
 */
export function draftSaveBody(
  fields: Readonly<Record<string, SaveField>>,
  changes: Readonly<Record<string, unknown>>,
  creating: boolean,
): { json: Record<string, unknown>; files: Record<string, Blob> } {
  const json: Record<string, unknown> = {};
  const files: Record<string, Blob> = {};
  const names = Object.keys(fields).length > 0 ? Object.keys(fields) : Object.keys(changes);
  for (const field of names) {
    const value = changes[field];
    if (value !== undefined && !isPlaceholder(value)) {
      if (isFileValue(value)) {
        const part = `f${Object.keys(files).length + 1}`;
        files[part] = value;
        json[field] = `cid:${part}`;
      } else json[field] = asIds(value);
      continue;
    }
    const cud = fields[field]?.cud;
    const fallback = creating ? cud?.defaultCreate : cud?.defaultPatch;
    if ((creating ? cud?.mandatoryCreate : cud?.mandatoryPatch) && fallback !== undefined)
      json[field] = asIds(fallback);
  }
  return { json, files };
}

/** A face box, as fractions 0..1 of the picture (demo convention `$faces-<n>`). */
export interface Face {
  key: string;
  name?: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

const faceSchema = z.looseObject({
  name: z.optional(z.nullable(z.string())),
  x: z.number(),
  y: z.number(),
  w: z.number(),
  h: z.number(),
});

/** The `$faces-*` members of an entity (or of a faces preview answer), in name order. */
export function facesOf(data: Readonly<Record<string, unknown>> | null | undefined): Face[] {
  if (!data) return [];
  return Object.keys(data)
    .filter((key) => key.startsWith('$faces-'))
    .sort()
    .flatMap((key) => {
      const parsed = faceSchema.safeParse(data[key]);
      if (!parsed.success) return [];
      const { name, x, y, w, h } = parsed.data;
      return [name ? { key, name, x, y, w, h } : { key, x, y, w, h }];
    });
}

/** The `$faces-*` members only. */
export function faceMembers(
  data: Readonly<Record<string, unknown>> | null | undefined,
): Record<string, unknown> {
  if (!data) return {};
  return Object.fromEntries(Object.entries(data).filter(([key]) => key.startsWith('$faces-')));
}

/** The name an entity shows: its `name`, else its id. */
export function entityName(data: Readonly<Record<string, unknown>> | null, id: EntityId): string {
  const name = data?.name;
  if (typeof name === 'string') return name;
  if (isRecord(name)) {
    const first = Object.values(name).find((value) => typeof value === 'string');
    if (typeof first === 'string') return first;
  }
  return String(id);
}
