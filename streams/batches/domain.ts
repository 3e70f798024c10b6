import { defineDomain } from '../core/domain';
import { batchesReducer } from './reducer';
import { initialBatchesState } from './state';

export const batchesDomain = defineDomain({
  name: 'batches',
  initialState: initialBatchesState,
  reducer: batchesReducer,
  epics: {},
  selectors: {},
});
