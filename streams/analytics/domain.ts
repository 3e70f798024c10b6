import { defineDomain } from '../core/domain';
import { analyticsReducer } from './reducer';
import { initialAnalyticsState } from './state';

export const analyticsDomain = defineDomain({
  name: 'analytics',
  initialState: initialAnalyticsState,
  reducer: analyticsReducer,
  epics: {},
  selectors: {},
});
