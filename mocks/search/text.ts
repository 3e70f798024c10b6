// biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range, for the fast paths below
const NON_ASCII = /[^\x00-\x7f]/;

/** Lower case without diacritics: `Café` and `cafe` are the same word to search and filters. */
export function fold(text: string): string {
  // most seeded texts are ASCII: normalising them would only cost time (100,000 assets)
  if (!NON_ASCII.test(text)) return text.toLowerCase();
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

const WORD = /[\p{L}\p{N}]+/gu;
const ASCII_WORD = /[a-z0-9]+/g;

/** The folded words of a text, in order (with repeats). */
export function words(text: string): string[] {
  const folded = fold(text);
  return folded.match(NON_ASCII.test(folded) ? WORD : ASCII_WORD) ?? [];
}

/** The lower-case words of a text as written (with diacritics): what suggestions show. */
export function displayWords(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}

/** `cat*`, `*scape`, `c?t`: a word with wildcards as an anchored regular expression. */
export function wildcardPattern(word: string): RegExp {
  const source = word
    .split('')
    .map((char) => (char === '*' ? '.*' : char === '?' ? '.' : char.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

export const hasWildcard = (word: string): boolean => /[*?]/.test(word);
