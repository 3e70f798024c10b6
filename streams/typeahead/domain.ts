import { defineDomain } from '../core/domain';
import { suggestWords } from './epics';
import { typeaheadReducer } from './reducer';
import { initialTypeaheadState } from './state';

export const typeaheadDomain = defineDomain({
  name: 'typeahead',
  initialState: initialTypeaheadState,
  reducer: typeaheadReducer,
  epics: { suggestWords },
});
