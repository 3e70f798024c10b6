/**
 * `alone`: no channel or lock here (tests, a browser without Web Locks): the tab polls as before.
 * `follower`: another tab polls for this one. `leader`: this tab holds the lock and polls.
 */
type TabRole = 'alone' | 'follower' | 'leader';

export interface TabsState {
  role: TabRole;
  /**
   * when this tab joined the others (null: alone): what a page left before then is this tab's to
   * take up, what a live tab wrote since is that tab's
   */
  joinedAt: number | null;
}

export const initialTabsState: TabsState = { role: 'alone', joinedAt: null };
