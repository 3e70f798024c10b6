import * as z from 'zod/mini';
import { defineAnswer, defineFact, defineFailure, defineIntent } from '../core/event';

/**
 * Typeahead: word suggestions of a cursor (seed 002 §3 "Cursor words", §9; protocol §8.1, §8.4).
 *
 * Public API
 * - dispatch `typeahead/inputChanged` {name, text}: `name` is the cursor whose path, query and
 *   custom params scope the suggestions. The `suggest=words` request leaves 200 ms
 *   (config.typeaheadDebounceMs) after the last change; a newer input cancels an older request, so
 *   a stale answer is never shown. An empty text clears the words at once, without a request.
 * - dispatch `typeahead/cleared` {name}: forgets the input and the words.
 * - read with `streams/typeahead/selectors.ts`: selectWords (at most
 *   config.typeaheadMaxWords), selectCompletions (at most the `max` the view passes:
 *   config.typeaheadMaxSuggestions).
 */

const name = z.string();

/** What is typed in a search box; its words are what gets completed. */
export const inputChanged = defineIntent('typeahead/inputChanged', { name, text: z.string() });

export const cleared = defineIntent('typeahead/cleared', { name });

/** The request leaves, for this text (its `state`). */
export const wordsRequested = defineFact('typeahead/wordsRequested', 'system', { name, text: z.string() });

export const wordsLoaded = defineAnswer('typeahead/wordsLoaded', {
  name,
  text: z.string(),
  words: z.array(z.string()),
});

/** protocol §8.4: the answer's `state` is not the text asked: invalid, asked again with the current input. */
export const wordsInvalidated = defineAnswer('typeahead/wordsInvalidated', {
  name,
  sent: z.string(),
  received: z.nullable(z.string()),
});

export const wordsFailed = defineFailure('typeahead/wordsFailed', { name, text: z.string() });
