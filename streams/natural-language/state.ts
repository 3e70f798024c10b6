/** The naturalLanguage slice: natural-language search: sentences analysed into constraints (protocol §22). */
export interface NaturalLanguageState {
  byKey: Record<string, never>;
}

export const initialNaturalLanguageState: NaturalLanguageState = { byKey: {} };
