import { defineDomain } from '../core/domain';
import {
  loadAssetEvents,
  loadBroadcast,
  loadGenericTop,
  loadTop,
  loadTrend,
  logEvents,
  logObject,
} from './epics';
import { analyticsReducer } from './reducer';
import { initialAnalyticsState } from './state';

export const analyticsDomain = defineDomain({
  name: 'analytics',
  initialState: initialAnalyticsState,
  reducer: analyticsReducer,
  epics: {
    logObject,
    loadAssetEvents,
    loadTop,
    loadGenericTop,
    loadBroadcast,
    loadTrend,
    logEvents,
  },
});
