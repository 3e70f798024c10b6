import { defineDomain } from '../core/domain';
import { loadAssetEvents, logObject } from './epics';
import { analyticsReducer } from './reducer';
import { selectAssetEventCount, selectAssetEvents } from './selectors';
import { initialAnalyticsState } from './state';

export const analyticsDomain = defineDomain({
  name: 'analytics',
  initialState: initialAnalyticsState,
  reducer: analyticsReducer,
  epics: { logObject, loadAssetEvents },
  selectors: { selectAssetEvents, selectAssetEventCount },
});
