import type { TypeaheadState } from './state';

export type WithTypeahead = { typeahead: TypeaheadState };

const NO_WORDS: readonly string[] = Object.freeze([]);

/** The words suggested for the current input (none while they belong to an older text). */
export function selectWords(state: WithTypeahead, name: string): readonly string[] {
  const words = state.typeahead.byName[name];
  if (!words || words.wordsFor !== words.input) return NO_WORDS;
  return words.words;
}

/** The text the words are asked for ('' when none is). */
export const selectInput = (state: WithTypeahead, name: string): string =>
  state.typeahead.byName[name]?.input ?? '';

/** Why the words for the current input could not be read (a newer input clears it). */
export const selectWordsFailure = (state: WithTypeahead, name: string) => {
  const words = state.typeahead.byName[name];
  return words?.status === 'error' ? words.error : null;
};

/** The typed words before the one being completed, and that one. */
function splitLastWord(text: string): { head: string; last: string } {
  const match = /^(.*?)(\S*)$/s.exec(text) as RegExpExecArray;
  return { head: match[1] as string, last: match[2] as string };
}

const completionsCache = new WeakMap<readonly string[], { input: string; max: number; list: string[] }>();

/**
 * The texts the suggestion list offers: the input with its last word completed by each suggested
 * word, at most `max` (config.typeaheadMaxSuggestions, the view's to pass; seed 002 §9, protocol §8.4).
 */
export function selectCompletions(state: WithTypeahead, name: string, max: number): readonly string[] {
  const words = selectWords(state, name);
  if (words.length === 0) return NO_WORDS;
  const input = state.typeahead.byName[name]?.input ?? '';
  const cached = completionsCache.get(words);
  if (cached?.input === input && cached.max === max) return cached.list;
  const { head } = splitLastWord(input);
  const list = [...new Set(words.map((word) => `${head}${word}`))].slice(0, max);
  completionsCache.set(words, { input, max, list });
  return list;
}
