import { findById } from '../db/assets';
import { type Collection, type Field, type Row, type Scalar, valuesOf } from './collections';
import { displayWords, fold, words } from './text';

/** A set of rows of one collection: 1 at the row's position when it matches. */
export type Mask = Uint8Array;

/** Sorted words and, aligned, the positions of the rows that contain each word. */
export interface Dictionary {
  keys: string[];
  postings: Int32Array[];
  /** suggestions only: the word as written */
  display: string[];
}

/** The key under which the rows without any value of a field are posted. */
export const EMPTY_KEY = '\u0000empty';

/** The comparable form of a value for equality: ids and numbers as text, strings folded. */
export function valueKey(value: unknown, field: Field): string {
  if (typeof value === 'object' && value !== null && 'id' in value)
    return String((value as { id: unknown }).id);
  if (field.type === 'date') return String(Date.parse(String(value)));
  if (field.type === 'boolean') return String(value === true || value === 'true' || value === 1);
  if (field.relation || field.type === 'number') return String(Number(value));
  return fold(String(value));
}

/** The comparable form of a value for ranges and sorting. */
export function sortValue(value: unknown, field: Field): number | string {
  if (field.type === 'date') return Date.parse(String(value));
  if (field.type === 'number' || field.relation || field.type === 'boolean') return Number(value);
  return fold(String(value));
}

function freeze(lists: Map<string, number[]>): Dictionary {
  const keys = [...lists.keys()].sort();
  return {
    keys,
    postings: keys.map((key) => Int32Array.from(lists.get(key) ?? [])),
    display: keys,
  };
}

/**
 * Everything the engine looks up instead of scanning, built once per collection state on first
 * use: fulltext words, postings per field value, sort ranks, suggestion words.
 */
export class CollectionIndex {
  readonly rows: readonly Row[];
  private fulltextDictionary?: Dictionary;
  private suggestDictionary?: Dictionary;
  private readonly facets = new Map<string, Map<string, Int32Array>>();
  private readonly ranks = new Map<string, Int32Array>();

  constructor(
    readonly collection: Collection,
    /** the index of a related collection, by path */
    readonly related: (path: string) => CollectionIndex | undefined,
  ) {
    this.rows = collection.rows();
  }

  byId(id: number | string): Row | undefined {
    return findById(this.rows, id);
  }

  get size(): number {
    return this.rows.length;
  }

  field(name: string): Field | undefined {
    return this.collection.fields.get(name);
  }

  get fulltext(): Dictionary {
    this.fulltextDictionary ??= this.buildFulltext();
    return this.fulltextDictionary;
  }

  get suggestions(): Dictionary {
    this.suggestDictionary ??= this.buildSuggestions();
    return this.suggestDictionary;
  }

  /** value key -> positions, plus EMPTY_KEY for rows without a value */
  facet(field: Field): Map<string, Int32Array> {
    let facet = this.facets.get(field.name);
    if (!facet) {
      const lists = new Map<string, number[]>();
      // authors, types, ids repeat across 100,000 rows: each distinct value is keyed once
      const keys = new Map<Scalar, string>();
      const keyOf = (value: Scalar): string => {
        let key = keys.get(value);
        if (key === undefined) {
          key = valueKey(value, field);
          keys.set(value, key);
        }
        return key;
      };
      const post = (key: string, position: number) => {
        const list = lists.get(key);
        if (!list) lists.set(key, [position]);
        else if (list[list.length - 1] !== position) list.push(position);
      };
      for (let position = 0; position < this.rows.length; position++) {
        const values = valuesOf(this.rows[position] as Row, field);
        if (values.length === 0) post(EMPTY_KEY, position);
        for (const value of values) post(keyOf(value), position);
      }
      facet = new Map([...lists].map(([key, list]) => [key, Int32Array.from(list)]));
      this.facets.set(field.name, facet);
    }
    return facet;
  }

  /** Rank of each row when sorted on the field's first value ascending (equal values share a rank; no value last). */
  rank(field: Field): Int32Array {
    let rank = this.ranks.get(field.name);
    if (!rank) {
      const keys = this.rows.map((row) => {
        const [first] = valuesOf(row, field);
        return first === undefined ? undefined : this.sortKey(first, field);
      });
      const order = Array.from(keys.keys()).sort((a, b) => compareKeys(keys[a], keys[b]) || a - b);
      rank = new Int32Array(this.rows.length);
      let current = 0;
      order.forEach((position, index) => {
        const previous = order[index - 1];
        if (index > 0 && previous !== undefined && compareKeys(keys[previous], keys[position]) !== 0)
          current++;
        (rank as Int32Array)[position] = current;
      });
      this.ranks.set(field.name, rank);
    }
    return rank;
  }

  /** Relations sort on the related row's name, as a person reads them. */
  private sortKey(value: Scalar, field: Field): number | string {
    if (!field.relation) return sortValue(value, field);
    const name = this.related(field.relation)?.byId(Number(value))?.name;
    return name === undefined ? Number(value) : fold(String(name));
  }

  private buildFulltext(): Dictionary {
    const lists = new Map<string, number[]>();
    // keyword, category and author texts repeat on many rows: split each distinct one once
    const split = new Map<string, string[]>();
    for (let position = 0; position < this.rows.length; position++) {
      for (const text of this.collection.texts(this.rows[position] as Row)) {
        let found = split.get(text);
        if (!found) {
          found = words(text);
          if (split.size < 50_000) split.set(text, found);
        }
        for (const word of found) {
          const list = lists.get(word);
          if (!list) lists.set(word, [position]);
          else if (list[list.length - 1] !== position) list.push(position);
        }
      }
    }
    return freeze(lists);
  }

  private buildSuggestions(): Dictionary {
    const lists = new Map<string, number[]>();
    const display = new Map<string, string>();
    const add = (shown: string, position: number) => {
      const key = fold(shown);
      if (!display.has(key)) display.set(key, shown);
      const list = lists.get(key);
      if (!list) lists.set(key, [position]);
      else if (list[list.length - 1] !== position) list.push(position);
    };
    this.rows.forEach((row, position) => {
      const texts = this.collection.suggestTexts(row);
      for (const text of texts.words) for (const word of displayWords(text)) add(word, position);
      for (const phrase of texts.phrases) add(phrase.toLowerCase(), position);
    });
    const dictionary = freeze(lists);
    return { ...dictionary, display: dictionary.keys.map((key) => display.get(key) ?? key) };
  }
}

function compareKeys(a: number | string | undefined, b: number | string | undefined): number {
  if (a === b) return 0;
  if (a === undefined) return 1;
  if (b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number')
    return Number.isNaN(a) ? 1 : Number.isNaN(b) ? -1 : a - b;
  return String(a) < String(b) ? -1 : 1;
}

/** First position in sorted keys not below `key` (binary search). */
export function lowerBound(keys: readonly string[], key: string): number {
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((keys[middle] as string) < key) low = middle + 1;
    else high = middle;
  }
  return low;
}

export function maskOf(size: number, postings: Iterable<Int32Array>): Mask {
  const mask = new Uint8Array(size);
  for (const posting of postings) for (const position of posting) mask[position] = 1;
  return mask;
}

export function allMask(size: number): Mask {
  return new Uint8Array(size).fill(1);
}

/** A mask read four rows at a time: bytes are 0 or 1, so word-wide and/or/xor act row by row. */
function quads(mask: Mask): Uint32Array {
  return new Uint32Array(mask.buffer, mask.byteOffset, mask.length >>> 2);
}

function combine(a: Mask, b: Mask, op: (x: number, y: number) => number): Mask {
  const out = new Uint8Array(a.length);
  const [o, x, y] = [quads(out), quads(a), quads(b)];
  for (let i = 0; i < o.length; i++) o[i] = op(x[i] as number, y[i] as number);
  for (let i = o.length * 4; i < a.length; i++) out[i] = op(a[i] as number, b[i] as number);
  return out;
}

export function and(a: Mask, b: Mask): Mask {
  return combine(a, b, (x, y) => x & y);
}

export function or(a: Mask, b: Mask): Mask {
  return combine(a, b, (x, y) => x | y);
}

export function not(a: Mask): Mask {
  return combine(a, a, (x) => x ^ 0x01010101);
}

export function countOf(mask: Mask): number {
  let count = 0;
  const words = quads(mask);
  // the sum of a word's four 0/1 bytes lands in its top byte
  for (let i = 0; i < words.length; i++) count += Math.imul(words[i] as number, 0x01010101) >>> 24;
  for (let i = words.length * 4; i < mask.length; i++) count += mask[i] as number;
  return count;
}
