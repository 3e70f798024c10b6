import { useEffect, useRef } from 'react';
import type { Translate } from '../i18n/translate';
import { analyzeRequested, enabledChanged } from '../../streams/natural-language/events';
import {
  type Chip,
  offersNaturalLanguage,
  selectNaturalLanguage,
  selectNaturalLanguageEnabled,
} from '../../streams/natural-language/selectors';
import { navigated } from '../../streams/router/events';
import { selectLocation } from '../../streams/router/selectors';
import type { FieldHeader } from '../../streams/schemas/selectors';
import { SEARCH_CURSOR, sentenceOf, withSentence } from '../../streams/search/url';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import type { MessageKey } from '../i18n/messages-en';
import { useTranslate } from '../i18n/use-translate';
import { ErrorMessage } from '../ui/error-message';
import './messages';

const KNOWN_VALUES = new Set([
  'age.baby',
  'age.children',
  'age.adults',
  'age.senior',
  'videoDuration.small',
  'videoDuration.medium',
  'videoDuration.big',
]);

/** The words a chip shows (and its button "Remove filter <label>" says), in the user's language. */
export function chipLabel(chip: Chip, t: Translate, fields: Record<string, FieldHeader | undefined>): string {
  if ((chip.kind === 'age' || chip.kind === 'duration') && KNOWN_VALUES.has(chip.value)) {
    return t(`search.nl.${chip.value}` as MessageKey);
  }
  if (chip.kind === 'rights') return t('search.nl.rights', { date: chip.value });
  return t('search.nl.other', { field: fields[chip.type]?.label ?? chip.type, values: chip.value });
}

/**
 * The sentence lives in the address, so that a reload or a shared link runs it again and shows
 * its chips: a sentence being analysed is written there (`nl`, replacing the history entry, with
 * the rest of the search as it is) before its answer lands, so that the list's following of the
 * address does not undo the chips' constraints; an address whose `nl` is not the sentence the
 * portal knows switches natural language on and analyses it. A chip removed takes its words out of
 * `nl` (streams/search/epics.ts). Any other change of the search written through the search screen
 * drops `nl` (its constraints leave the query too).
 */
function useSentenceInAddress(): void {
  const dispatch = useDispatch();
  const location = useAppState(selectLocation);
  const entry = useAppState(selectNaturalLanguage, SEARCH_CURSOR);
  const enabled = useAppState(selectNaturalLanguageEnabled);
  const inAddress = sentenceOf(location.search);
  const asked = useRef('');
  // the address asks for a sentence the portal has not analysed (a reload, a shared link)
  useEffect(() => {
    if (!inAddress || inAddress === entry.text || entry.status === 'fetching' || asked.current === inAddress)
      return;
    asked.current = inAddress;
    if (!enabled) dispatch(enabledChanged({ enabled: true }));
    dispatch(analyzeRequested({ text: inAddress, cursor: SEARCH_CURSOR }));
  }, [dispatch, inAddress, entry.text, entry.status, enabled]);
  // a sentence the user asked for is written into the address while it is analysed
  useEffect(() => {
    if (entry.status !== 'fetching' || !entry.text || entry.text === inAddress) return;
    asked.current = entry.text;
    dispatch(
      navigated({ path: location.path, search: withSentence(location.search, entry.text), via: 'replace' }),
    );
  }, [dispatch, entry.status, entry.text, inAddress, location.path, location.search]);
}

/**
 * Checkbox "Natural language": the box's text then goes to the analyzer on Enter (protocol §22).
 * It is on the search screen whenever the search is, so it also keeps the sentence in the address.
 */
export function NaturalLanguageToggle() {
  const t = useTranslate();
  const dispatch = useDispatch();
  const enabled = useAppState(selectNaturalLanguageEnabled);
  useSentenceInAddress();
  return (
    <label className="natural-language__toggle" title={t('search.naturalLanguageHint')}>
      <input
        type="checkbox"
        checked={enabled}
        onChange={(event) => dispatch(enabledChanged({ enabled: event.target.checked }))}
      />{' '}
      {t('search.naturalLanguage')}
    </label>
  );
}

/**
 * Under the box while natural language is off: a sentence starting like "show me", "i'm looking
 * for" (§22 phrases) offers to switch it on; switching it on analyses the sentence at once.
 */
export function NaturalLanguageOffer({ text, onSentence }: { text: string; onSentence(text: string): void }) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const enabled = useAppState(selectNaturalLanguageEnabled);
  if (enabled || !offersNaturalLanguage(text)) return null;
  return (
    <p className="natural-language__offer" role="status">
      {t('search.nlOffer')}{' '}
      <button
        type="button"
        onClick={() => {
          dispatch(enabledChanged({ enabled: true }));
          onSentence(text);
        }}
      >
        {t('search.nlSwitchOn')}
      </button>
    </p>
  );
}

/** What became of the last sentence: being analysed, not understood, or failed (with "Try again"). */
export function NaturalLanguageStatus() {
  const t = useTranslate();
  const dispatch = useDispatch();
  const entry = useAppState(selectNaturalLanguage, 'search');
  if (entry.status === 'fetching') {
    return (
      <p className="natural-language__status" role="status">
        {t('search.nlAnalyzing')}
      </p>
    );
  }
  if (entry.status === 'error' && entry.error) {
    return (
      <ErrorMessage
        className="natural-language__status"
        lead={t('search.nlFailed')}
        error={entry.error}
        onRetry={() => dispatch(analyzeRequested({ text: entry.text, cursor: 'search' }))}
      />
    );
  }
  if (entry.message) {
    return (
      <p className="natural-language__status" role="status">
        {t('search.nlNotUnderstood')}
      </p>
    );
  }
  return null;
}
