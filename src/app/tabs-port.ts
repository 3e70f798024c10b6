import { fromEvent, map, Observable } from 'rxjs';
import type { Config } from '../../streams/core/config';
import type { TabsPort } from '../../streams/core/deps';

/**
 * The other tabs of this origin (issue 25): a BroadcastChannel for the facts, a Web Lock for the
 * leader. Without either (an old browser, a page that is not a secure context) the tab is alone
 * and polls for itself, as before.
 */
export function browserTabs(
  config: Pick<Config, 'tabsChannelName' | 'leaderLockName'>,
): TabsPort | undefined {
  if (typeof BroadcastChannel === 'undefined' || !navigator.locks) return undefined;
  const channel = new BroadcastChannel(config.tabsChannelName);
  return {
    received$: fromEvent<MessageEvent>(channel, 'message').pipe(map((event) => event.data as unknown)),
    post: (message) => channel.postMessage(message),
    leadership$: new Observable<void>((subscriber) => {
      const abort = new AbortController();
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      navigator.locks
        .request(config.leaderLockName, { signal: abort.signal }, () => {
          subscriber.next();
          // the lock stays held while this promise is pending: until the tab closes or gives up
          return held;
        })
        .catch(() => {
          // given up before it was granted (AbortError): nothing to release
        });
      return () => {
        abort.abort();
        release();
      };
    }),
  };
}
