/**
 * The messages of each locale so far: the shell's (`translate.ts`), then each feature's as its code
 * loads. Nothing here imports a catalogue, so features can add theirs without an import cycle.
 */
export const catalogues: Record<string, Record<string, string>> = { en: {}, fr: {} };

/**
 * A feature's messages join the catalogues when its code loads: its `messages.ts` calls this, and
 * each of its views imports that file (tests/architecture/messages.test.ts checks).
 */
export function addMessages<K extends string>(messages: {
  en: Record<K, string>;
  fr: Record<K, string>;
}): void {
  Object.assign(catalogues.en!, messages.en);
  Object.assign(catalogues.fr!, messages.fr);
}
