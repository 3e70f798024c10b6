import { selectQuery, type WithQueries } from '../queries/selectors';
import { type Chip, chipRemoved, cleared } from './events';
import type { NaturalLanguageEntry, NaturalLanguageState } from './state';

export type { Chip, ChipKind } from './events';
export type { LuisAnswer, LuisEntity } from './model';
export {
  chipsOf,
  DURATION_BUCKETS,
  NATURAL_LANGUAGE_NAMESPACES,
  NATURAL_LANGUAGE_PHRASES,
  NOT_UNDERSTOOD,
  offersNaturalLanguage,
  readAnswer,
} from './model';
export type { NaturalLanguageEntry, NaturalLanguageStatus } from './state';

export type WithNaturalLanguage = { naturalLanguage: NaturalLanguageState };

/** The search screen's list, whose query a sentence replaces by default. */
export const NATURAL_LANGUAGE_DEFAULT_CURSOR = 'search';

const NONE: NaturalLanguageEntry = { status: 'unknown', text: '', chips: [], message: null, error: null };

/** The "Natural language" checkbox. */
export const selectNaturalLanguageEnabled = (state: WithNaturalLanguage): boolean =>
  state.naturalLanguage.enabled;

/** The last analysis for a list: status (unknown, fetching, loaded, error), text, chips, message, error. */
export const selectNaturalLanguage = (
  state: WithNaturalLanguage,
  cursor: string = NATURAL_LANGUAGE_DEFAULT_CURSOR,
): NaturalLanguageEntry => state.naturalLanguage.byCursor[cursor] ?? NONE;

/** A chip as a view shows it: the chip, and the event that removes it. */
interface ChipView extends Chip {
  removal: ReturnType<typeof chipRemoved>;
}

/**
 * The chips still in effect: those whose constraints are all in the list's query (the address or
 * a facet may have replaced them since). Each comes with its removal event.
 */
const chipCache = new WeakMap<NaturalLanguageEntry, { query: unknown; views: ChipView[] }>();
const NO_CHIPS: ChipView[] = [];

export function selectNaturalLanguageChips(
  state: WithNaturalLanguage & WithQueries,
  cursor: string = NATURAL_LANGUAGE_DEFAULT_CURSOR,
): ChipView[] {
  const entry = state.naturalLanguage.byCursor[cursor];
  if (!entry || entry.chips.length === 0) return NO_CHIPS;
  const query = selectQuery(state, cursor);
  const constraints = query?.constraints;
  const cached = chipCache.get(entry);
  if (cached && cached.query === constraints) return cached.views;
  const views = entry.chips
    .filter((chip) => Object.keys(chip.constraints).every((key) => constraints?.[key] !== undefined))
    .map((chip) => ({
      ...chip,
      removal: chipRemoved({ cursor, key: chip.key, constraintKeys: Object.keys(chip.constraints) }),
    }));
  chipCache.set(entry, { query: constraints, views });
  return views;
}

/** The event that forgets every chip of a list and removes their constraints from its query. */
export function selectNaturalLanguageClear(
  state: WithNaturalLanguage,
  cursor: string = NATURAL_LANGUAGE_DEFAULT_CURSOR,
): ReturnType<typeof cleared> {
  const chips = state.naturalLanguage.byCursor[cursor]?.chips ?? [];
  return cleared({ cursor, constraintKeys: chips.flatMap((chip) => Object.keys(chip.constraints)) });
}
