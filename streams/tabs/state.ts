/**
 * `alone`: no channel or lock here (tests, a browser without Web Locks): the tab polls as before.
 * `follower`: another tab polls for this one. `leader`: this tab holds the lock and polls.
 */
type TabRole = 'alone' | 'follower' | 'leader';

export interface TabsState {
  role: TabRole;
}

export const initialTabsState: TabsState = { role: 'alone' };
