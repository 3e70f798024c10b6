import { defineDomain } from '../core/domain';
import { assetEvents, broadcast, genericTop, top, trend } from './endpoints';
import { askTopOnceSettled, logEvents, logObject } from './epics';
import { analyticsReducer } from './reducer';
import { initialAnalyticsState } from './state';

export const analyticsDomain = defineDomain({
  name: 'analytics',
  initialState: initialAnalyticsState,
  reducer: analyticsReducer,
  epics: {
    logObject,
    loadAssetEvents: assetEvents.epic,
    loadTop: top.epic,
    askTopOnceSettled,
    loadGenericTop: genericTop.epic,
    loadBroadcast: broadcast.epic,
    loadTrend: trend.epic,
    logEvents,
  },
});
