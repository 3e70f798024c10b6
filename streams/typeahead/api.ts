import * as z from 'zod/mini';
import type { HttpRequest, QueryValue } from '../core/http';
import type { WireQuery } from '../core/query/operators';

/** protocol §8.1: the words come in `response.data`; `state` echoes the text asked. */
const wordsAnswerSchema = z.looseObject({
  response: z.looseObject({ data: z.nullish(z.array(z.union([z.string(), z.number()]))) }),
  state: z.nullish(z.union([z.string(), z.number()])),
});
type WordsAnswer = z.infer<typeof wordsAnswerSchema>;

/** What a suggestion request is made of, read from the cursor when there is one. */
export interface WordsScope {
  path: string;
  query: WireQuery;
  i18nQuery: boolean | null;
  customParams: Readonly<Record<string, string | number | boolean>>;
  /** `path` is sent when the schema is not resolved yet, or is a meta-schema (protocol §8.2) */
  sendPath: boolean;
}

/**
 * `GET /rest/{path}?suggest=words` (protocol §8.1): the raw typed text (never adapted), `i18nQuery`
 * (default true), the list's `query`, `state` = the typed text, no `max`; keys in alphabetical
 * order, custom params last as `x_{name}`.
 */
export function wordsRequest(scope: WordsScope, text: string): HttpRequest<WordsAnswer> {
  const query: Record<string, QueryValue> = {
    fulltext: text,
    i18nQuery: scope.i18nQuery ?? true,
    path: scope.sendPath ? scope.path : undefined,
    query: scope.query,
    state: text,
    suggest: 'words',
  };
  for (const [name, value] of Object.entries(scope.customParams)) query[`x_${name}`] = value;
  return { method: 'GET', path: `/rest/${scope.path}`, query, schema: wordsAnswerSchema };
}

/** The words of an answer, as text, without duplicates, at most `max` (protocol §8.4: max 6 kept locally). */
export function readWords(answer: WordsAnswer, max: number): string[] {
  const words: string[] = [];
  for (const word of answer.response.data ?? []) {
    const text = String(word);
    if (text && !words.includes(text)) words.push(text);
    if (words.length >= max) break;
  }
  return words;
}
