import { selectUserId, type WithSession } from '../session/selectors';
import type { TabsState } from './state';

export type WithTabs = { tabs: TabsState };

export const selectTabRole = (state: WithTabs) => state.tabs.role;

/**
 * Whether this tab runs the polls every tab would run (downloads' readiness, notifications,
 * import commands): the leader, or a tab that is alone.
 */
export const selectPollsForAllTabs = (state: WithTabs): boolean => state.tabs.role !== 'follower';

/**
 * Whether this tab polls the jobs it started itself (a zip, an import command): when it polls for
 * all, or when its facts do not cross (a visitor's: the tabs share only a user's facts), so no
 * leader could poll them for it.
 */
export const selectPollsOwnJobs = (state: WithTabs & WithSession): boolean =>
  selectPollsForAllTabs(state) || selectUserId(state) === null;

/**
 * Whether a record written at `time` was left by a page before this tab joined (a reload, a tab
 * closed): this tab may take it up. One written since is a live tab's, which goes on with it.
 */
export const selectLeftBeforeJoining = (state: WithTabs, time: number): boolean =>
  state.tabs.joinedAt === null || time < state.tabs.joinedAt;
