import { defineDomain } from '../core/domain';
import { electLeader, receiveFromOtherTabs, tellOtherTabs } from './epics';
import { tabsReducer } from './reducer';
import { initialTabsState } from './state';

/** Tabs in step (issue 25): the facts the tabs of one user share, and the one tab that polls for all. */
export const tabsDomain = defineDomain({
  name: 'tabs',
  initialState: initialTabsState,
  reducer: tabsReducer,
  epics: { electLeader, receiveFromOtherTabs, tellOtherTabs },
});
