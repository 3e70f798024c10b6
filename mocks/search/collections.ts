import { findById } from '../db/assets';
import type { Db } from '../db/index';
import { mixSeed } from '../db/random';
import type { FieldType, SchemaBody } from '../db/schemas';
import { AI_CONCEPTS, AI_CONCEPTS_FIELD, AI_NUMBER_FIELDS, aiFieldsOf, conceptIdsOf } from '../nl/ai-fields';

export type Scalar = string | number | boolean;
/** A stored row as the database keeps it (assets, categories, keywords, natures). */
export type Row = { id: number } & Record<string, unknown>;

/** A field the query engine can filter, sort and count on. */
export interface Field {
  name: string;
  type: FieldType;
  /** path of the related collection (from the header's `href`); ids are the values */
  relation?: string;
  /** a field computed from the row rather than stored in it (e.g. the demo's AI fields, mocks/nl/ai-fields.ts) */
  derive?: (row: Row) => unknown;
}

/** A searchable list of rows behind a REST path (protocol §8), described by its schema (§11). */
export interface Collection {
  path: string;
  resource: string;
  schema: SchemaBody;
  /** read live: handlers may replace or grow the database arrays; sorted by id */
  rows(): readonly Row[];
  fields: ReadonlyMap<string, Field>;
  /** the texts fulltext searches in */
  texts(row: Row): string[];
  /** the texts word suggestions come from, as words and as whole phrases (keywords) */
  suggestTexts(row: Row): { words: string[]; phrases: string[] };
  /** tree collections: the field naming the parent */
  treefield: string | null;
}

const IMPLICIT_FIELDS: Field[] = [
  { name: 'id', type: 'number' },
  { name: '$uuid', type: 'string' },
  { name: '$status', type: 'number' },
  { name: 'activated', type: 'boolean' },
];

function fieldsOf(schema: SchemaBody): Map<string, Field> {
  const fields = new Map(IMPLICIT_FIELDS.map((field) => [field.name, field]));
  for (const [name, header] of Object.entries(schema.headers)) {
    const relation = header.href?.replace(/^\/api\/rest\//, '');
    fields.set(name, { name, type: header.type, ...(relation && { relation }) });
  }
  return fields;
}

/** Stored values of a field as a list: ids for relations, nothing for null, '' or []. */
export function valuesOf(row: Row, field: Field): Scalar[] {
  const value = field.derive
    ? field.derive(row)
    : field.name === 'activated'
      ? (row.activated ?? true)
      : row[field.name];
  if (value === null || value === undefined || value === '') return [];
  if (Array.isArray(value)) return value.map((item) => idOrValue(item));
  return [idOrValue(value)];
}

function idOrValue(value: unknown): Scalar {
  if (typeof value === 'object' && value !== null && 'id' in value) return (value as { id: number }).id;
  return value as Scalar;
}

/** A stable uuid-looking key for rows the seed stores without one (rows are de-duplicated on it). */
export function uuidOf(resource: string, row: Row): string {
  if (typeof row.$uuid === 'string') return row.$uuid;
  const hash = mixSeed(resource.length * 7919 + resource.charCodeAt(0), row.id)
    .toString(16)
    .padStart(8, '0');
  return `${hash}-0000-4000-8000-${String(row.id).padStart(12, '0')}`;
}

function nameOf(rows: readonly Row[], ids: unknown): string[] {
  const list = Array.isArray(ids) ? ids : [ids];
  return list.map((id) => String(findById(rows, Number(idOrValue(id)))?.name ?? ''));
}

export type Collections = ReadonlyMap<string, Collection>;

const AI_CONCEPTS_PATH = 'dam/data/ai_concepts';

/** The demo's AI fields of assets, searchable for the natural-language constraints (protocol §22). */
const AI_FIELDS: Field[] = [
  ...AI_NUMBER_FIELDS.map(
    (name): Field => ({ name, type: 'number', derive: (row) => aiFieldsOf(row)[name] }),
  ),
  { name: AI_CONCEPTS_FIELD, type: 'array', relation: AI_CONCEPTS_PATH, derive: conceptIdsOf },
];

const cache = new WeakMap<Db, Collections>();

/** The collections of a database, by path: assets, categories (a tree), keywords and natures. */
export function collectionsOf(db: Db): Collections {
  const known = cache.get(db);
  if (known) return known;
  const define = (
    path: string,
    rows: () => readonly Row[],
    texts: (row: Row) => string[],
    suggestTexts: Collection['suggestTexts'] = (row) => ({ words: [String(row.name ?? '')], phrases: [] }),
  ): Collection => {
    const schema = db.schemas[path] as SchemaBody;
    return {
      path,
      resource: schema.resource,
      schema,
      rows,
      fields: fieldsOf(schema),
      texts,
      suggestTexts,
      treefield: schema.treefield,
    };
  };
  const keywords = () => db.keywords as unknown as Row[];
  const categories = () => db.categories as unknown as Row[];
  const collections = new Map<string, Collection>(
    [
      define(
        'dam/data/asset',
        () => db.assets as unknown as Row[],
        (row) => [
          String(row.name),
          // an imported asset is named by its file: its title is words of its own
          String(row.title),
          String(row.description),
          String(row.author),
          String(row.filename),
          ...nameOf(keywords(), row.keywords),
          ...nameOf(categories(), row.categories),
        ],
        (row) => ({ words: [String(row.title)], phrases: nameOf(keywords(), row.keywords) }),
      ),
      define('dam/data/category', categories, (row) => [String(row.name)]),
      define('dam/data/keyword', keywords, (row) => [String(row.name)]),
      define(
        'dam/data/assetnature',
        () => db.assetNatures as unknown as Row[],
        (row) => [String(row.name), String(row.code)],
      ),
      define(
        AI_CONCEPTS_PATH,
        () => AI_CONCEPTS as unknown as Row[],
        (row) => [String(row.name)],
      ),
    ].map((collection) => [collection.path, collection]),
  );
  const assetFields = collections.get('dam/data/asset')?.fields as Map<string, Field> | undefined;
  for (const field of AI_FIELDS) assetFields?.set(field.name, field);
  cache.set(db, collections);
  return collections;
}

/** `dam/asset` (the path saved searches keep) is `dam/data/asset`. */
export function findCollection(collections: Collections, path: string): Collection | undefined {
  const clean = path.replace(/^\/+|\/+$/g, '');
  return collections.get(clean) ?? collections.get(clean.replace(/^([^/]+)\/(?!data\/)/, '$1/data/'));
}

/**
 * The collections of a list path: one, or several for a meta path `dam/data/asset,keyword`
 * (protocol §8.3). Undefined when a part is unknown.
 */
export function resolveListPath(collections: Collections, path: string): Collection[] | undefined {
  if (!path.includes(',')) {
    const single = findCollection(collections, path);
    return single && [single];
  }
  const slash = path.lastIndexOf('/', path.indexOf(','));
  const base = path.slice(0, slash + 1);
  const parts = path.slice(slash + 1).split(',');
  const found = parts.map((part) =>
    findCollection(collections, part.includes('/') ? part : `${base}${part}`),
  );
  return found.every((collection) => collection !== undefined) ? (found as Collection[]) : undefined;
}

/** A row as the wire carries it: relations as `{id, name}`, `$uuid`, `$resource` and `$path` set. */
export function wireRow(
  collections: Collections,
  collection: Collection,
  row: Row,
  props?: readonly string[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: row.id,
    $uuid: uuidOf(collection.resource, row),
    $resource: collection.resource,
    $path: collection.path,
  };
  for (const [key, value] of Object.entries(row)) {
    if (key in out) continue;
    if (props && !key.startsWith('$') && !props.includes(key)) continue;
    const relation = collection.fields.get(key)?.relation;
    const target = relation ? collections.get(relation) : undefined;
    out[key] = target && !isObject(value) ? related(target, value) : value;
  }
  return out;
}

const isObject = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function related(target: Collection, value: unknown): unknown {
  const describe = (id: unknown) => {
    const row = findById(target.rows(), Number(id));
    return row ? { id: row.id, name: row.name } : { id };
  };
  if (value === null || value === undefined) return null;
  return Array.isArray(value) ? value.map(describe) : describe(value);
}
