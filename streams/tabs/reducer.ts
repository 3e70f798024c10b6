import { caseReducer, on } from '../core/case-reducer';
import { joined, leadershipGained } from './events';
import type { TabsState } from './state';

export const tabsReducer = caseReducer<TabsState>(
  on(joined, (draft, event) => {
    draft.role = 'follower';
    draft.joinedAt = event.meta.at;
  }),
  on(leadershipGained, (draft) => {
    draft.role = 'leader';
  }),
);
