import type { NaturalLanguageState } from './state';

export type WithNaturalLanguage = { naturalLanguage: NaturalLanguageState };
