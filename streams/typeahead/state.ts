import type { SerializedError } from '../core/errors';
import type { Status } from '../core/status';

/** seed 002 §3 "Cursor words": input, suggests, status. */
export interface WordsState {
  input: string;
  /** the suggested words for `wordsFor`, at most config.typeaheadMaxWords */
  words: string[];
  /** the text the words complete; words of an older text are never kept */
  wordsFor: string | null;
  status: Status;
  error: SerializedError | null;
}

export interface TypeaheadState {
  byName: Record<string, WordsState>;
}

export const initialTypeaheadState: TypeaheadState = { byName: {} };
