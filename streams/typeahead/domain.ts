import { defineDomain } from '../core/domain';
import { suggestWords } from './epics';
import { initialTypeaheadState, typeaheadReducer } from './reducer';
import { selectCompletions, selectWords } from './selectors';

export const typeaheadDomain = defineDomain({
  name: 'typeahead',
  initialState: initialTypeaheadState,
  reducer: typeaheadReducer,
  epics: { suggestWords },
  selectors: { selectWords, selectCompletions },
});
