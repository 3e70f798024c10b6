import { caseReducer, on } from '../core/case-reducer';
import {
  analyzed,
  analyzeFailed,
  analyzeStarted,
  chipRemoved,
  cleared,
  enabledChanged,
  notUnderstood,
} from './events';
import { sentenceWithout } from './model';
import type { NaturalLanguageEntry, NaturalLanguageState } from './state';

const empty = (): NaturalLanguageEntry => ({
  status: 'unknown',
  text: '',
  chips: [],
  message: null,
  error: null,
});

export const naturalLanguageReducer = caseReducer<NaturalLanguageState>(
  on(enabledChanged, (draft, { payload }) => {
    draft.enabled = payload.enabled;
  }),
  // the chips shown stay until the new sentence is understood
  on(analyzeStarted, (draft, { payload }) => {
    const entry = draft.byCursor[payload.cursor] ?? empty();
    entry.status = 'fetching';
    entry.text = payload.text;
    entry.message = null;
    entry.error = null;
    draft.byCursor[payload.cursor] = entry;
  }),
  on(analyzed, (draft, { payload }) => {
    draft.byCursor[payload.cursor] = {
      status: 'loaded',
      text: payload.text,
      chips: payload.chips,
      message: null,
      error: null,
    };
  }),
  // not understood: the query is left as it was, and so are its chips
  on(notUnderstood, (draft, { payload }) => {
    const entry = draft.byCursor[payload.cursor] ?? empty();
    entry.status = 'loaded';
    entry.text = payload.text;
    entry.message = payload.message;
    entry.error = null;
    draft.byCursor[payload.cursor] = entry;
  }),
  on(analyzeFailed, (draft, { payload }) => {
    const entry = draft.byCursor[payload.cursor] ?? empty();
    entry.status = 'error';
    entry.error = payload.error;
    draft.byCursor[payload.cursor] = entry;
  }),
  // the sentence loses the chip's words, so that the address, which holds it, follows the chips
  on(chipRemoved, (draft, { payload }) => {
    const entry = draft.byCursor[payload.cursor];
    const removed = entry?.chips.find((chip) => chip.key === payload.key);
    if (!entry || !removed) return;
    entry.chips = entry.chips.filter((chip) => chip.key !== payload.key);
    entry.text = entry.chips.length > 0 ? sentenceWithout(entry.text, removed) : '';
  }),
  on(cleared, (draft, { payload }) => {
    const entry = draft.byCursor[payload.cursor];
    if (entry) {
      entry.chips = [];
      entry.message = null;
    }
  }),
);
