import { catchError, concatMap, from, fromEvent, map, Observable, of } from 'rxjs';
import type { Config } from '../../streams/core/config';
import type { TabsPort } from '../../streams/core/deps';
import type { LazyDomainName } from '../../streams/root';

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

/**
 * The lazy domains whose facts a tab must not miss (issue 25): a download or an import command
 * another tab started is shown here, and polled here once this tab leads.
 */
const POLLED_FOR_ALL: Partial<Record<string, LazyDomainName>> = {
  downloads: 'downloads',
  imports: 'imports',
};

function domainOf(message: unknown): LazyDomainName | undefined {
  const type = (message as { fact?: { type?: unknown } } | null)?.fact?.type;
  return typeof type === 'string' ? POLLED_FOR_ALL[type.split('/')[0] ?? ''] : undefined;
}

/**
 * Another tab's fact of a domain whose code is not here yet waits for that code (`ready`: null when
 * it is on), else the tabs domain would drop it as unknown. The facts keep their order; code that
 * cannot load (offline) lets the fact through, to be dropped as before.
 */
export function loadingDomainsFor(
  port: TabsPort,
  ready: (name: LazyDomainName) => Promise<void> | null,
): TabsPort {
  return {
    ...port,
    received$: port.received$.pipe(
      concatMap((message) => {
        const name = domainOf(message);
        const loading = name && ready(name);
        return loading
          ? from(loading).pipe(
              map(() => message),
              catchError(() => of(message)),
            )
          : of(message);
      }),
    ),
  };
}
