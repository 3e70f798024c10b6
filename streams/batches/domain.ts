import { defineDomain } from '../core/domain';
import { createBatch, finishActions, refuseUnknown, runBatches } from './epics';
import { batchesReducer } from './reducer';
import { initialBatchesState } from './state';

export const batchesDomain = defineDomain({
  name: 'batches',
  initialState: initialBatchesState,
  reducer: batchesReducer,
  epics: { createBatch, refuseUnknown, runBatches, finishActions },
});
