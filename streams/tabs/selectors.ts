import type { TabsState } from './state';

export type WithTabs = { tabs: TabsState };

export const selectTabRole = (state: WithTabs) => state.tabs.role;

/**
 * Whether this tab runs the polls every tab would run (downloads' readiness, notifications,
 * import commands): the leader, or a tab that is alone.
 */
export const selectPollsForAllTabs = (state: WithTabs): boolean => state.tabs.role !== 'follower';
