import type { Draft } from 'immer';
import { caseReducer, on } from '../core/case-reducer';
import { whoAmILoaded } from '../session/events';
import { cleared, inputChanged, wordsFailed, wordsInvalidated, wordsLoaded, wordsRequested } from './events';
import type { TypeaheadState, WordsState } from './state';

const EMPTY: WordsState = { input: '', words: [], wordsFor: null, status: 'unknown', error: null };

function entry(draft: Draft<TypeaheadState>, name: string): Draft<WordsState> {
  draft.byName[name] ??= { ...EMPTY, words: [] };
  return draft.byName[name];
}

export const typeaheadReducer = caseReducer<TypeaheadState>(
  on(inputChanged, (draft, { payload }) => {
    const words = entry(draft, payload.name);
    words.input = payload.text;
    // an empty box suggests nothing, at once (protocol §23 item 23: clearing word suggestions)
    if (payload.text.trim() === '')
      Object.assign(words, { words: [], wordsFor: null, status: 'unknown', error: null });
  }),
  on(cleared, (draft, { payload }) => {
    delete draft.byName[payload.name];
  }),
  on(wordsRequested, (draft, { payload }) => {
    const words = entry(draft, payload.name);
    if (payload.text === words.input) words.status = 'fetching';
  }),
  // stale answers are never shown: only the answer for the current input is kept
  on(wordsLoaded, (draft, { payload }) => {
    const words = draft.byName[payload.name];
    if (!words || payload.text !== words.input) return;
    Object.assign(words, { words: payload.words, wordsFor: payload.text, status: 'loaded', error: null });
  }),
  on(wordsInvalidated, (draft, { payload }) => {
    const words = draft.byName[payload.name];
    if (words && payload.sent === words.input) words.status = 'invalid';
  }),
  on(wordsFailed, (draft, { payload }) => {
    const words = draft.byName[payload.name];
    if (!words || payload.text !== words.input) return;
    Object.assign(words, { words: [], wordsFor: null, status: 'error', error: payload.error });
  }),
  // suggestions depend on who asks (rights): a new identity starts afresh
  on(whoAmILoaded, (draft) => {
    draft.byName = {};
  }),
);
