import type { Candidate, Variation } from './events';
import {
  type EntityId,
  entityKey,
  type Face,
  facesOf,
  moreKey,
  variationDetailKey,
  variationKey,
} from './model';
import type {
  DraftEntry,
  EntitiesState,
  EntityEntry,
  LookupEntry,
  MoreValuesEntry,
  VariationDetailEntry,
  VariationsEntry,
  WriteEntry,
} from './state';

export type {
  DraftEntry,
  EntitiesState,
  EntityEntry,
  LookupEntry,
  VariationDetailEntry,
  VariationsEntry,
  WriteEntry,
} from './state';
export type { Candidate, MoreChildren, Variation } from './events';
export {
  DRAFT_FIELD_UNDEFINED,
  ENTITY_MESSAGES,
  type EntityId,
  entityKey,
  type Face,
  facesOf,
  isPlaceholder,
  notFoundName,
  failedName,
  sameValue,
} from './model';

export type WithEntities = { entities: EntitiesState };

export const selectEntity = (state: WithEntities, path: string, id: EntityId): EntityEntry | undefined =>
  state.entities.byKey[entityKey(path, id)];

/** The name an entity shows: its name once loaded, the placeholder when missing or failed. */
export const selectEntityName = (state: WithEntities, path: string, id: EntityId): string =>
  state.entities.byKey[entityKey(path, id)]?.name ?? String(id);

const NO_RIGHTS = Object.freeze({ update: false, delete: false });
const rightsCache = new WeakMap<object, { update: boolean; delete: boolean }>();

/** Rights from `$security` (asked with `withRights`): multiupdate → update, delete → delete. */
export function selectEntityRights(
  state: WithEntities,
  path: string,
  id: EntityId,
): { update: boolean; delete: boolean } {
  const data = state.entities.byKey[entityKey(path, id)]?.data;
  const security = data?.$security;
  if (!security || typeof security !== 'object') return NO_RIGHTS;
  const cached = rightsCache.get(security);
  if (cached) return cached;
  const rights = security as Record<string, unknown>;
  const result = Object.freeze({
    update: rights['objectactions/multiupdate'] === true,
    delete: rights['objectactions/delete'] === true,
  });
  rightsCache.set(security, result);
  return result;
}

/** The last write on an entity (update, patch, delete, workflow, save): its status and failure. */
export const selectEntityWrite = (state: WithEntities, path: string, id: EntityId): WriteEntry | null =>
  state.entities.writes[entityKey(path, id)] ?? null;

const draftCache = new WeakMap<DraftEntry, { changes: Record<string, unknown>; since: number }>();

/** The draft in progress: its changed properties and the time of its first change, or null. */
export function selectDraft(
  state: WithEntities,
  path: string,
  id: EntityId,
): { changes: Record<string, unknown>; since: number } | null {
  const draft = state.entities.drafts[entityKey(path, id)];
  if (!draft) return null;
  let shown = draftCache.get(draft);
  if (!shown) {
    shown = { changes: draft.changes, since: draft.since };
    draftCache.set(draft, shown);
  }
  return shown;
}

const valuesCache = new WeakMap<object, WeakMap<object, Record<string, unknown>>>();
const EMPTY: Record<string, unknown> = Object.freeze({}) as Record<string, unknown>;

/** The values a form shows: the stored data with the draft's changes over it. */
export function selectDraftValues(state: WithEntities, path: string, id: EntityId): Record<string, unknown> {
  const key = entityKey(path, id);
  const data = state.entities.byKey[key]?.data ?? EMPTY;
  const draft = state.entities.drafts[key];
  if (!draft) return data;
  let byDraft = valuesCache.get(data);
  if (!byDraft) {
    byDraft = new WeakMap();
    valuesCache.set(data, byDraft);
  }
  let values = byDraft.get(draft.changes);
  if (!values) {
    values = { ...data, ...draft.changes };
    byDraft.set(draft.changes, values);
  }
  return values;
}

/** The last refused draft update ('in updateDraft, field cannot be undefine…'), or null. */
export const selectDraftRefusal = (state: WithEntities): string | null => state.entities.draftRefusal;

const NO_VARIATIONS: VariationsEntry = Object.freeze({ status: 'unknown', variations: null, error: null });
const NONE: readonly Variation[] = Object.freeze([]);

/**
 * The variations offered (`{name, …}`, protocol §12.1): undefined until they are known, `[]` when
 * the server has none for it (not found) or the call failed (see selectVariationsEntry).
 */
export function selectVariations(
  state: WithEntities,
  resource: string,
  id: EntityId,
): readonly Variation[] | undefined {
  const entry = state.entities.variations[variationKey(resource, id)];
  if (!entry) return undefined;
  if (entry.variations) return entry.variations;
  return entry.status === 'not_found' || entry.status === 'error' ? NONE : undefined;
}

/** The variations' request: status (loaded, not_found, error), list and error. */
export const selectVariationsEntry = (state: WithEntities, resource: string, id: EntityId): VariationsEntry =>
  state.entities.variations[variationKey(resource, id)] ?? NO_VARIATIONS;

export const selectVariationDetail = (
  state: WithEntities,
  path: string,
  id: EntityId,
  variation: string,
): VariationDetailEntry | undefined =>
  state.entities.variationDetails[variationDetailKey(path, id, variation)];

const NO_FACES: readonly Face[] = Object.freeze([]);
const facesCache = new WeakMap<object, Face[]>();

function cachedFaces(data: Record<string, unknown> | null | undefined): readonly Face[] {
  if (!data) return NO_FACES;
  let faces = facesCache.get(data);
  if (!faces) {
    faces = facesOf(data);
    facesCache.set(data, faces);
  }
  return faces.length === 0 ? NO_FACES : faces;
}

/** The faces of a fetched entity: its `$faces-*` members, as fractions of the picture. */
export const selectFaces = (state: WithEntities, path: string, id: EntityId): readonly Face[] =>
  cachedFaces(state.entities.byKey[entityKey(path, id)]?.data);

/** The faces the last `?simu=true` preview returned (after edits), or [] */
export const selectFacesPreview = (state: WithEntities, path: string, id: EntityId): readonly Face[] =>
  cachedFaces(state.entities.facesPreview[entityKey(path, id)]?.faces);

export const selectFacesPreviewStatus = (state: WithEntities, path: string, id: EntityId) =>
  state.entities.facesPreview[entityKey(path, id)]?.status ?? 'unknown';

/**
 * Paging of one field's values: the request, and the paging info (`{count, total, first,
 * nextToken, hasMoreResults}`): the last more-values answer's, else the entity's own
 * `$moreChildren_{field}`.
 */
export function selectMoreValues(
  state: WithEntities,
  path: string,
  id: EntityId,
  field: string,
  sub?: string,
): { request: MoreValuesEntry | null; info: unknown } {
  const request = state.entities.more[moreKey(path, id, field, sub)] ?? null;
  return {
    request,
    info:
      request?.info ?? state.entities.byKey[entityKey(path, id)]?.data?.[`$moreChildren_${field}`] ?? null,
  };
}

const NO_LOOKUP: LookupEntry = Object.freeze({
  status: 'unknown',
  path: '',
  text: '',
  candidates: [] as Candidate[],
  error: null,
});

/** The candidates of a relation field's lookup (`key` as dispatched with `entities/lookupTyped`). */
export const selectLookup = (state: WithEntities, key: string): LookupEntry =>
  state.entities.lookups[key] ?? NO_LOOKUP;

const NO_NAMES: Readonly<Record<string, string>> = Object.freeze({});

/** Names of the entities of a path, by id (as text): relation fields show names, not ids. */
export const selectNames = (state: WithEntities, path: string): Readonly<Record<string, string>> =>
  state.entities.names[path] ?? NO_NAMES;

/** Every name known, by path then id: for a view naming ids of several paths at once. */
export const selectKnownNames = (
  state: WithEntities,
): Readonly<Record<string, Readonly<Record<string, string>>>> => state.entities.names;
