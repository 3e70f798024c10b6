import { defineDomain } from '../core/domain';
import { suggestWords } from './epics';
import { typeaheadReducer } from './reducer';
import { initialTypeaheadState } from './state';
import { selectCompletions, selectWords, selectWordsFailure } from './selectors';

export const typeaheadDomain = defineDomain({
  name: 'typeahead',
  initialState: initialTypeaheadState,
  reducer: typeaheadReducer,
  epics: { suggestWords },
  selectors: { selectWords, selectCompletions, selectWordsFailure },
});
