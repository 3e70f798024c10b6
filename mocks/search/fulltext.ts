import {
  allMask,
  and,
  type CollectionIndex,
  type Dictionary,
  lowerBound,
  type Mask,
  maskOf,
  or,
} from './indexes';
import { fold, hasWildcard, wildcardPattern, words } from './text';

/**
 * One term of a fulltext: a bare word, a parenthesised group `(t1 t2)` (every word must match: the
 * client keeps its tokens so, protocol §8.3) or a quoted phrase (the words must follow each other).
 * Words may carry wildcards: `cat*`, `*scape`, `c?t`.
 */
export interface Term {
  words: string[];
  phrase: boolean;
}

export type FulltextMode = 'should' | 'must';

const TERM = /"([^"]*)"?|\(([^)]*)\)?|([^\s"()]+)/g;

/** Word characters plus the wildcards, folded. */
function termWords(text: string): string[] {
  return fold(text).match(/[\p{L}\p{N}*?]+/gu) ?? [];
}

export function parseFulltext(text: string | null | undefined): Term[] {
  const terms: Term[] = [];
  for (const match of (text ?? '').matchAll(TERM)) {
    const [, phrase, group, bare] = match;
    const found = termWords(phrase ?? group ?? bare ?? '');
    if (found.length > 0) terms.push({ words: found, phrase: phrase !== undefined && found.length > 1 });
  }
  return terms;
}

/**
 * Positions of the dictionary entries a word matches: every word it starts, as a search engine
 * does (the typeahead offers "poster" for "post", and Enter on "post" must find it: issue 28), or
 * every entry its wildcards allow.
 */
export function entriesOf(dictionary: Dictionary, word: string): number[] {
  const { keys } = dictionary;
  const wildcard = hasWildcard(word);
  const prefix = wildcard ? word.slice(0, word.search(/[*?]/)) : word;
  const pattern = wildcard ? wildcardPattern(word) : null;
  const found: number[] = [];
  // the literal prefix narrows the scan to one range of the sorted words
  for (let at = lowerBound(keys, prefix); at < keys.length && (keys[at] as string).startsWith(prefix); at++) {
    if (!pattern || pattern.test(keys[at] as string)) found.push(at);
  }
  return found;
}

function wordMask(index: CollectionIndex, word: string): Mask {
  if (word.replace(/\*/g, '') === '') return allMask(index.size);
  const dictionary = index.fulltext;
  return maskOf(
    index.size,
    entriesOf(dictionary, word).map((at) => dictionary.postings[at] as Int32Array),
  );
}

/** Whether the words of a row's texts contain the phrase's words one after the other. */
function hasPhrase(index: CollectionIndex, position: number, phrase: string[]): boolean {
  const patterns = phrase.map((word) => (hasWildcard(word) ? wildcardPattern(word) : word));
  const matches = (candidate: string, pattern: string | RegExp) =>
    typeof pattern === 'string' ? candidate === pattern : pattern.test(candidate);
  for (const text of index.collection.texts(index.rows[position] as never)) {
    const list = words(text);
    for (let start = 0; start + patterns.length <= list.length; start++) {
      if (patterns.every((pattern, offset) => matches(list[start + offset] as string, pattern))) return true;
    }
  }
  return false;
}

export function termMask(index: CollectionIndex, term: Term): Mask {
  const mask = term.words.map((word) => wordMask(index, word)).reduce(and);
  if (term.phrase) {
    for (let position = 0; position < mask.length; position++) {
      if (mask[position] === 1 && !hasPhrase(index, position, term.words)) mask[position] = 0;
    }
  }
  return mask;
}

/** `must`: every term matches; `should`: at least one does. No term matches every row. */
export function fulltextMask(index: CollectionIndex, terms: Term[], mode: FulltextMode): Mask {
  if (terms.length === 0) return allMask(index.size);
  return terms.map((term) => termMask(index, term)).reduce(mode === 'should' ? or : and);
}

/** How many terms each row matches: the relevance order of `sortByRelevance`. */
export function relevance(index: CollectionIndex, terms: Term[]): Uint16Array {
  const scores = new Uint16Array(index.size);
  for (const term of terms) {
    const mask = termMask(index, term);
    for (let position = 0; position < mask.length; position++)
      scores[position] = (scores[position] as number) + (mask[position] as number);
  }
  return scores;
}

/**
 * Word suggestions (protocol §8.1, `suggest=words`): the words and keywords that start with the last
 * word typed, among the rows the scope matches (the query and the words typed before), the most
 * frequent first.
 */
export function suggestWords(index: CollectionIndex, typed: string, scope: Mask, max: number): string[] {
  if (/\s$/.test(typed) || typed.trim() === '') return [];
  const last = fold(typed.trim().split(/\s+/).pop() ?? '');
  const dictionary = index.suggestions;
  const found: { word: string; count: number }[] = [];
  for (
    let at = lowerBound(dictionary.keys, last);
    at < dictionary.keys.length && (dictionary.keys[at] as string).startsWith(last);
    at++
  ) {
    let count = 0;
    for (const position of dictionary.postings[at] as Int32Array) count += scope[position] as number;
    if (count > 0) found.push({ word: dictionary.display[at] as string, count });
  }
  found.sort((a, b) => b.count - a.count || (a.word < b.word ? -1 : 1));
  return found.slice(0, max).map(({ word }) => word);
}
