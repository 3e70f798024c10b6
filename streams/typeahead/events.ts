import * as z from 'zod';
import { serializedErrorSchema } from '../core/errors';
import { defineEvent } from '../core/event';

/**
 * Typeahead: word suggestions of a cursor (seed 002 §3 "Cursor words", §9; protocol §8.1, §8.4).
 *
 * Public API
 * - dispatch `typeahead/inputChanged` {name, text}: `name` is the cursor whose path, query and
 *   custom params scope the suggestions. The `suggest=words` request leaves 200 ms
 *   (config.typeaheadDebounceMs) after the last change; a newer input cancels an older request, so
 *   a stale answer is never shown. An empty text clears the words at once, without a request.
 * - dispatch `typeahead/cleared` {name}: forgets the input and the words.
 * - read with `streams/typeahead/selectors.ts`: selectTypeahead, selectWords (at most
 *   config.typeaheadMaxWords), selectSuggestions (at most config.typeaheadMaxSuggestions).
 */

/** What is typed in a search box; its words are what gets completed. */
export const inputChanged = defineEvent(
  'typeahead/inputChanged',
  z.object({ name: z.string(), text: z.string() }),
  {
    source: 'ui',
    redact: [],
  },
);

export const cleared = defineEvent('typeahead/cleared', z.object({ name: z.string() }), {
  source: 'ui',
  redact: [],
});

/** The request leaves, for this text (its `state`). */
export const wordsRequested = defineEvent(
  'typeahead/wordsRequested',
  z.object({ name: z.string(), text: z.string() }),
  { source: 'system', redact: [] },
);

export const wordsLoaded = defineEvent(
  'typeahead/wordsLoaded',
  z.object({ name: z.string(), text: z.string(), words: z.array(z.string()) }),
  { source: 'server', redact: [] },
);

/** protocol §8.4: the answer's `state` is not the text asked: invalid, asked again with the current input. */
export const wordsInvalidated = defineEvent(
  'typeahead/wordsInvalidated',
  z.object({ name: z.string(), sent: z.string(), received: z.string().nullable() }),
  { source: 'server', redact: [] },
);

export const wordsFailed = defineEvent(
  'typeahead/wordsFailed',
  z.object({ name: z.string(), text: z.string(), error: serializedErrorSchema }),
  { source: 'server', failure: true, redact: [] },
);
