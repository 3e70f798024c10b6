import { defineDomain } from '../core/domain';
import {
  loadAssetEvents,
  loadAssetNames,
  loadBroadcast,
  loadGenericTop,
  loadTop,
  loadTrend,
  logEvents,
  logObject,
} from './epics';
import { analyticsReducer } from './reducer';
import {
  selectAssetEventCount,
  selectAssetEvents,
  selectAssetNames,
  selectBroadcast,
  selectGenericTop,
  selectTop,
  selectTopLines,
  selectTrend,
} from './selectors';
import { initialAnalyticsState } from './state';

export const analyticsDomain = defineDomain({
  name: 'analytics',
  initialState: initialAnalyticsState,
  reducer: analyticsReducer,
  epics: {
    logObject,
    loadAssetEvents,
    loadAssetNames,
    loadTop,
    loadGenericTop,
    loadBroadcast,
    loadTrend,
    logEvents,
  },
  selectors: {
    selectAssetEvents,
    selectAssetEventCount,
    selectAssetNames,
    selectTop,
    selectTopLines,
    selectGenericTop,
    selectBroadcast,
    selectTrend,
  },
});
