import type { Constraint } from '../core/query/operators';
import { type SavedSearchData, savedSearchText } from '../saved-searches/selectors';
import { wireId } from '../core/wire-id';

/** The search screen's list, its category tree and the facets it counts (demo schema `dam/data/asset`). */
export const SEARCH_ROUTE = '/search';
/** UI-CONTRACT "Routes": the landing page is the search too (under the application's banner). */
export const isSearchAddress = (path: string): boolean => path === SEARCH_ROUTE || path === '/';
export const SEARCH_CURSOR = 'search';
export const SEARCH_PATH = 'dam/data/asset';
/**
 * A one-row list over the whole collection whose inline aggregates name every facet value, so a
 * search opened with a value checked still offers the others (the search list only sees its own).
 */
export const SEARCH_VALUES_CURSOR = 'search-facet-values';
export const SEARCH_TREE = 'search-categories';
export const SEARCH_TREE_PATH = 'dam/data/category';
/** the asset field the category tree filters on */
export const TREE_FIELD = 'categories';
export const FACET_FIELDS = ['assetnature', 'keywords', 'author', 'mimetype'] as const;

type FulltextMode = 'should' | 'must';

/**
 * What the address says a search is, so that a search can be shared and reloaded:
 * `?q=lake&mode=should&sort=name+asc&node=12&f.keywords=3,4&c.rights={"dteendrights":{"lt":"2026-03-01"}}`.
 * `f.{field}` are facet values (operator `in`), `node` the category (operator `descendantof`),
 * `c.{key}` any other constraint, in its wire form.
 */
export interface SearchParams {
  q: string;
  mode: FulltextMode | null;
  sort: string;
  node: string | null;
  facets: Record<string, string[]>;
  others: Record<string, Record<string, Record<string, unknown>>>;
}

/** The address parameter that holds the search's sentence: `/search?nl=show+me+short+videos`. */
const SENTENCE_PARAM = 'nl';

/** The sentence the address holds, or `''`. */
export const sentenceOf = (search: string): string => new URLSearchParams(search).get(SENTENCE_PARAM) ?? '';

/** The address's query string with the sentence set (or removed when `text` is null or empty). */
export function withSentence(search: string, text: string | null): string {
  const params = new URLSearchParams(search);
  if (text) params.set(SENTENCE_PARAM, text);
  else params.delete(SENTENCE_PARAM);
  const out = params.toString();
  return out ? `?${out}` : '';
}

/** The last word of a search's text, the one the empty state offers words for. */
export const lastWordOf = (text: string): string => text.trim().split(/\s+/).pop() ?? '';

/** A word that is shortened no further when looking for words that start like it. */
export const SHORTEST_STEM = 2;

export const EMPTY_SEARCH: SearchParams = { q: '', mode: null, sort: '', node: null, facets: {}, others: {} };

function wireOf(text: string): Record<string, Record<string, unknown>> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, Record<string, unknown>>)
      : null;
  } catch {
    return null;
  }
}

export function parseSearch(search: string): SearchParams {
  const params = new URLSearchParams(search);
  const mode = params.get('mode');
  const out: SearchParams = {
    q: params.get('q') ?? '',
    mode: mode === 'should' || mode === 'must' ? mode : null,
    sort: params.get('sort') ?? '',
    node: params.get('node') || null,
    facets: {},
    others: {},
  };
  for (const [key, value] of params) {
    if (key.startsWith('f.') && value) out.facets[key.slice(2)] = value.split(',').filter(Boolean);
    if (key.startsWith('c.')) {
      const wire = wireOf(value);
      if (wire) out.others[key.slice(2)] = wire;
    }
  }
  return out;
}

/** The query string of a search (`?…`, or `''` for an empty search), keys in a stable order. */
export function formatSearch(params: SearchParams): string {
  const pairs = new URLSearchParams();
  if (params.q) pairs.set('q', params.q);
  if (params.mode) pairs.set('mode', params.mode);
  if (params.sort) pairs.set('sort', params.sort);
  if (params.node) pairs.set('node', params.node);
  for (const field of Object.keys(params.facets).sort()) {
    const values = params.facets[field] ?? [];
    if (values.length > 0) pairs.set(`f.${field}`, values.join(','));
  }
  for (const key of Object.keys(params.others).sort())
    pairs.set(`c.${key}`, JSON.stringify(params.others[key]));
  const text = pairs.toString();
  return text ? `?${text}` : '';
}

/** The constraints of a search, by key: facets and the tree by field name, others by their own key. */
export function constraintsOf(params: SearchParams): Record<string, Constraint> {
  const constraints: Record<string, Constraint> = {};
  for (const [key, wire] of Object.entries(params.others)) {
    const [field, test] = Object.entries(wire)[0] ?? [];
    const [operator, value] = Object.entries(test ?? {})[0] ?? [];
    if (field && operator) constraints[key] = { field, operator, value };
  }
  for (const [field, values] of Object.entries(params.facets)) {
    if (values.length > 0) constraints[field] = { field, operator: 'in', value: values.map(wireId) };
  }
  if (params.node)
    constraints[TREE_FIELD] = { field: TREE_FIELD, operator: 'descendantof', value: [wireId(params.node)] };
  return constraints;
}

/**
 * The search a saved one replays (protocol §17.1 `data`): tokens become the text, constraints that
 * look like a facet (`in`, or `dof` on a flat list such as the natures) or a category go there, the
 * rest are kept as they are.
 */
export function paramsOfSaved(data: SavedSearchData): SearchParams {
  const out: SearchParams = { ...EMPTY_SEARCH, facets: {}, others: {} };
  out.q = savedSearchText(data);
  out.mode = data.fulltextMode ?? null;
  for (const [key, raw] of Object.entries(data.userConstraints ?? {})) {
    const wire = raw as Record<string, Record<string, unknown>>;
    const [field, test] = Object.entries(wire ?? {})[0] ?? [];
    const [operator, value] = Object.entries(test ?? {})[0] ?? [];
    const ids = Array.isArray(value) ? value.map(String) : null;
    const facet = (FACET_FIELDS as readonly string[]).includes(field ?? '');
    if (field === key && facet && (operator === 'in' || operator === 'dof') && ids) out.facets[field] = ids;
    else if (field === TREE_FIELD && key === TREE_FIELD && operator === 'descendantof' && ids?.length === 1) {
      out.node = ids[0] as string;
    } else out.others[key] = wire;
  }
  return out;
}
