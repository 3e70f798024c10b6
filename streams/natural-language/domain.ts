import { defineDomain } from '../core/domain';
import { naturalLanguageReducer } from './reducer';
import { initialNaturalLanguageState } from './state';

export const naturalLanguageDomain = defineDomain({
  name: 'naturalLanguage',
  initialState: initialNaturalLanguageState,
  reducer: naturalLanguageReducer,
  epics: {},
  selectors: {},
});
