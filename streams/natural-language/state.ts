import type { SerializedError } from '../core/errors';
import type { Chip } from './events';

export type NaturalLanguageStatus = 'unknown' | 'fetching' | 'loaded' | 'error';

/** The last sentence analysed for one list. */
export interface NaturalLanguageEntry {
  status: NaturalLanguageStatus;
  text: string;
  chips: Chip[];
  /** 'No search understood in this sentence' when the intent was not `search` */
  message: string | null;
  error: SerializedError | null;
}

/** The naturalLanguage slice (protocol §22): the checkbox, and the analysis of each list by cursor name. */
export interface NaturalLanguageState {
  enabled: boolean;
  byCursor: Record<string, NaturalLanguageEntry>;
}

export const initialNaturalLanguageState: NaturalLanguageState = { enabled: false, byCursor: {} };
