import { asyncScheduler, NEVER, type Observable, of, Subject, type SchedulerLike } from 'rxjs';
import { type Config, config as specConfig } from '../../streams/core/config';
import { type BrowserLocation, type Deps, type DurablePort, sequentialIds } from '../../streams/core/deps';
import { MemoryStorage } from '../../streams/core/memory-storage';
import type { Http, HttpNotice, HttpRequest, HttpResponse } from '../../streams/core/http';
import { SessionVault } from '../../streams/core/session-vault';
import { allDomains } from './all-domains';

/** Answers requests in tests: return a cold observable per request. */
export type FakeServer = (request: HttpRequest<unknown>) => Observable<HttpResponse<unknown>>;

export interface FakeHttp extends Http {
  /** every request the epics made, in order */
  requests: HttpRequest<unknown>[];
  notices: Subject<HttpNotice>;
}

/**
 * An `http` that never touches the network.
 * @example const http = fakeHttp(() => cold('-a|', { a: { status: 200, data: { infos: {} } } }));
 */
export function fakeHttp(server: FakeServer = () => NEVER): FakeHttp {
  const requests: HttpRequest<unknown>[] = [];
  const notices = new Subject<HttpNotice>();
  return {
    requests,
    notices,
    notices$: notices.asObservable(),
    request<T>(request: HttpRequest<T>) {
      requests.push(request as HttpRequest<unknown>);
      return server(request as HttpRequest<unknown>) as Observable<HttpResponse<T>>;
    },
  };
}

export interface MemoryHistory {
  entries: BrowserLocation[];
  back(location: BrowserLocation): void;
}

/**
 * Deterministic deps: ids `e1, e2...`, clock = scheduler.now(), storage in a Map, fake http.
 * @example const deps = testDeps({ scheduler: testScheduler, http: fakeHttp(), config: { logDebounceMs: 10 } });
 */
export function testDeps(
  overrides: {
    scheduler?: SchedulerLike;
    http?: Http;
    config?: Partial<Config>;
    session?: SessionVault;
    /** the globals a player script wait finds (`players/scriptAwaited`) */
    scripts?: Deps['scripts'];
    /** the uploads' transport (progress); without it uploads go through `http` */
    uploads?: Deps['uploads'];
    /** the other tabs (`fakeTabs()`); without it the tab is alone */
    tabs?: Deps['tabs'];
    /** durable records (the outbox's); without it nothing is stored */
    durable?: Deps['durable'];
    /** the browser's online and offline events */
    network?: Deps['network'];
  } = {},
): Deps & { files: Map<string, Blob & { name?: string }>; memoryHistory: MemoryHistory; opened: string[] } {
  const scheduler = overrides.scheduler ?? asyncScheduler;
  const popped = new Subject<BrowserLocation>();
  const entries: BrowserLocation[] = [{ path: '/', search: '' }];
  const opened: string[] = [];
  return {
    http: overrides.http ?? fakeHttp(),
    scheduler,
    clock: { now: () => scheduler.now() },
    ids: sequentialIds('e'),
    storage: new MemoryStorage(),
    session: overrides.session ?? new SessionVault(),
    history: {
      current: () => entries[entries.length - 1]!,
      push: (location) => entries.push(location),
      replace: (location) => {
        entries[entries.length - 1] = location;
      },
      popped$: popped.asObservable(),
    },
    downloads: { open: (url) => opened.push(url) },
    scripts: overrides.scripts ?? { isLoaded: () => false },
    files: new Map(),
    ...(overrides.uploads ? { uploads: overrides.uploads } : {}),
    ...(overrides.tabs ? { tabs: overrides.tabs } : {}),
    // epics run outside the root epic (which gives its own) share what every domain shares
    sharedFact: allDomains.sharedFact,
    ...(overrides.durable ? { durable: overrides.durable } : {}),
    ...(overrides.network ? { network: overrides.network } : {}),
    config: { ...specConfig, ...overrides.config },
    memoryHistory: {
      entries,
      back: (location) => popped.next(location),
    },
    opened,
  };
}

export interface FakeTabs {
  port: NonNullable<Deps['tabs']>;
  /** what this tab posted, in order */
  posted: unknown[];
  /** another tab posts: `receive(message)` */
  receive(message: unknown): void;
  /** the leader's lock is granted to this tab */
  grantLeadership(): void;
}

/**
 * The other tabs, driven by the test (call `receive` and `grantLeadership` from a marble's
 * `cold(...).subscribe` or a scheduler action to place them in virtual time).
 */
export function fakeTabs(): FakeTabs {
  const received = new Subject<unknown>();
  const leadership = new Subject<void>();
  const posted: unknown[] = [];
  return {
    port: {
      received$: received.asObservable(),
      post: (message) => posted.push(message),
      leadership$: leadership,
    },
    posted,
    receive: (message) => received.next(message),
    grantLeadership: () => leadership.next(),
  };
}

/** Durable records in a Map, answered at once. */
export function memoryDurable(
  records = new Map<string, unknown>(),
): DurablePort & { records: Map<string, unknown> } {
  return {
    records,
    read: (key) => of(records.get(key)),
    write: (key, value) => {
      if (value === undefined) records.delete(key);
      else records.set(key, value);
      return of(undefined);
    },
  };
}
