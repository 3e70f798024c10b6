import { defineDomain } from '../core/domain';
import {
  applyAggregateFields,
  loadCursorAggregates,
  loadSortedAggregate,
  refuseModeChange,
  scheduleCursorAggregates,
  scheduleSortedAggregates,
} from './epics';
import { aggregatesReducer } from './reducer';
import { initialAggregatesState } from './state';

export const aggregatesDomain = defineDomain({
  name: 'aggregates',
  initialState: initialAggregatesState,
  reducer: aggregatesReducer,
  epics: {
    refuseModeChange,
    scheduleCursorAggregates,
    loadCursorAggregates,
    scheduleSortedAggregates,
    loadSortedAggregate,
    applyAggregateFields,
  },
});
