import { defineDomain } from '../core/domain';
import { analyzeSentence, applyChips, removeChips } from './epics';
import { naturalLanguageReducer } from './reducer';
import { initialNaturalLanguageState } from './state';

export const naturalLanguageDomain = defineDomain({
  name: 'naturalLanguage',
  initialState: initialNaturalLanguageState,
  reducer: naturalLanguageReducer,
  epics: { analyzeSentence, applyChips, removeChips },
});
