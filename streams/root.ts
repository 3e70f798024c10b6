import { freeze, produce } from 'immer';
import { concat, EMPTY, from, ignoreElements, merge, mergeMap, of, tap } from 'rxjs';
import type { CaseReducer } from './core/case-reducer';
import type { Domain } from './core/domain';
import { combineEpics, domainEpics, type Epic } from './core/epic';
import type { AnyEvent } from './core/event';
import { ofType } from './core/operators/of-type';
import type { SharedFact } from './core/shared-facts';
import { domainLoaded, domainStarted } from './core/system-events';
import { appDomain } from './app/domain';
import { initialAggregatesState } from './aggregates/state';
import { initialCacheState } from './cache/state';
import { initialCartsState } from './carts/state';
import { initialCursorsState } from './cursors/state';
import { initialAnalyticsState } from './analytics/state';
import { initialBatchesState } from './batches/state';
import { initialEntitiesState } from './entities/state';
import { initialPlayersState } from './players/state';
import { initialDownloadsState } from './downloads/state';
import { initialLogsState } from './logs/state';
import { initialNotificationsState } from './notifications/state';
import { initialOutboxState } from './outbox/state';
import { initialPreferencesState } from './preferences/state';
import { initialProfileState } from './profile/state';
import { initialQueriesState } from './queries/state';
import { routerDomain } from './router/domain';
import { initialReverseSearchState } from './reverse-search/state';
import { initialNaturalLanguageState } from './natural-language/state';
import { initialPagesState } from './pages/state';
import { initialImportsState } from './imports/state';
import { initialSelectionState } from './selection/state';
import { initialSavedSearchesState } from './saved-searches/state';
import { initialSchemasState } from './schemas/state';
import { sessionDomain } from './session/domain';
import { systemDomain } from './system/domain';
import { tabsDomain } from './tabs/domain';
import { initialTreesState } from './trees/state';
import { initialTypeaheadState } from './typeahead/state';

/** The domains the shell needs from the first paint: in the first download. */
const eagerDomains = [appDomain, routerDomain, sessionDomain, systemDomain, tabsDomain] as const;

/**
 * The lazy domains most screens need, in one module: their code is one chunk anyway (`portal`,
 * vite.config.ts), and one import of it is lighter in the first download than one per domain.
 */
const portalDomains = () => import('./portal-domains');

/**
 * The domains whose code loads with the first screen that needs them (`loadDomain`), so the
 * first download holds only the shell. Their initial states are here from the start, so the
 * state tree has one shape; until `system/domainLoaded` their reducers are skipped.
 */
const lazyDomains = {
  // what waits for who-am-I, brought by the shell at start (src/main.tsx) with the `portal` chunk
  // (issue 22): each catches up on the identity and the start it missed
  logs: lazy(initialLogsState, () => portalDomains().then((m) => m.logsDomain), {
    // a failure before the logs' code came is logged once it starts (seed 000 §4)
    missed: (event) => event.error === true,
  }),
  preferences: lazy(initialPreferencesState, () => portalDomains().then((m) => m.preferencesDomain)),
  profile: lazy(initialProfileState, () => portalDomains().then((m) => m.profileDomain)),
  notifications: lazy(initialNotificationsState, () => portalDomains().then((m) => m.notificationsDomain)),
  outbox: lazy(initialOutboxState, () => portalDomains().then((m) => m.outboxDomain)),
  schemas: lazy(initialSchemasState, () => portalDomains().then((m) => m.schemasDomain)),
  queries: lazy(initialQueriesState, () => portalDomains().then((m) => m.queriesDomain)),
  cursors: lazy(initialCursorsState, () => portalDomains().then((m) => m.cursorsDomain)),
  trees: lazy(initialTreesState, () => portalDomains().then((m) => m.treesDomain)),
  aggregates: lazy(initialAggregatesState, () => portalDomains().then((m) => m.aggregatesDomain)),
  typeahead: lazy(initialTypeaheadState, () => portalDomains().then((m) => m.typeaheadDomain)),
  savedSearches: lazy(initialSavedSearchesState, () => portalDomains().then((m) => m.savedSearchesDomain)),
  search: lazy(undefined, () => portalDomains().then((m) => m.searchDomain)),
  cache: lazy(initialCacheState, () => portalDomains().then((m) => m.cacheDomain)),
  carts: lazy(initialCartsState, () => portalDomains().then((m) => m.cartsDomain)),
  downloads: lazy(initialDownloadsState, () => portalDomains().then((m) => m.downloadsDomain)),
  entities: lazy(initialEntitiesState, () => portalDomains().then((m) => m.entitiesDomain)),
  players: lazy(initialPlayersState, () => portalDomains().then((m) => m.playersDomain)),
  batches: lazy(initialBatchesState, () => portalDomains().then((m) => m.batchesDomain)),
  analytics: lazy(initialAnalyticsState, () => portalDomains().then((m) => m.analyticsDomain)),
  selection: lazy(initialSelectionState, () => portalDomains().then((m) => m.selectionDomain)),
  reverseSearch: lazy(initialReverseSearchState, () => portalDomains().then((m) => m.reverseSearchDomain)),
  naturalLanguage: lazy(initialNaturalLanguageState, () =>
    portalDomains().then((m) => m.naturalLanguageDomain),
  ),
  pages: lazy(initialPagesState, () => import('./pages/domain').then((m) => m.pagesDomain)),
  imports: lazy(initialImportsState, () => import('./imports/domain').then((m) => m.importsDomain)),
};

interface LazyOptions {
  /** the earlier events its epics see once it starts, though they came before its code */
  missed?: (event: AnyEvent) => boolean;
}

function lazy<S, D extends { name: string }>(
  initialState: S,
  load: () => Promise<D>,
  { missed }: LazyOptions = {},
) {
  return { initialState, load, missed };
}

type EagerDomain = (typeof eagerDomains)[number];
/** A lazy domain's manifest, as its `load` brings it. */
type LazyDomain = Awaited<ReturnType<(typeof lazyDomains)[keyof typeof lazyDomains]['load']>>;
type AnyDomain = EagerDomain | LazyDomain;

/** A domain that loads with its first screen. */
export type LazyDomainName = keyof typeof lazyDomains;
const lazyDomainNames = Object.keys(lazyDomains) as LazyDomainName[];

/** The whole state tree: one slice per domain that has one. */
export type RootState = {
  readonly [D in AnyDomain as D['reducer'] extends null ? never : D['name']]: D['initialState'];
};

type SliceReducer = (state: unknown, event: AnyEvent) => unknown;
type RegisteredDomain = Domain<string, unknown, RootState>;

export const initialRootState: RootState = freeze(
  Object.fromEntries([
    ...eagerDomains
      .filter((domain) => domain.reducer !== null)
      .map((domain) => [domain.name, domain.initialState]),
    ...Object.entries(lazyDomains)
      .filter(([, domain]) => domain.initialState !== undefined)
      .map(([name, domain]) => [name, domain.initialState]),
  ]) as RootState,
  true,
);

/** Where the live portal starts: every lazy domain deferred until its code arrives. */
export const liveInitialState: RootState = produce(initialRootState, (draft) => {
  draft.system.deferredDomains = [...lazyDomainNames];
});

/** The most events a deferred domain is handed once it starts (`missed`): a bound on a broken start. */
const MISSED_KEPT = 100;
const START_LOADED_DOMAINS = 'system/startLoadedDomains';

/**
 * One store's domains (issue 23: no registry shared by the stores of a process): the manifests
 * whose code this store has, the root reducer and the root epic over them.
 */
export interface PortalDomains {
  /** Each slice folds the events it handles, unless its domain is still deferred. */
  reducer(state: RootState, event: AnyEvent): RootState;
  /**
   * Every domain's epics, each under `<domain>/<epic>`. A lazy domain whose code is here and that
   * is not deferred runs at once (tests, old logs); a deferred one starts on
   * `system/domainLoaded`, announced by `system/domainStarted` so it can catch up.
   */
  epic: Epic<RootState>;
  /** Brings a lazy domain's code (once); `system/domainLoaded` then turns it on. */
  load(name: LazyDomainName): Promise<void>;
  /** Every domain's code: replay, re-simulation, the devtools and tests fold with all reducers. */
  loadAll(): Promise<void>;
  /** True once a domain's code is here (it may still be deferred). */
  isLoaded(name: LazyDomainName): boolean;
  /** The name of every epic whose domain's code is here, as `system/epicCrashed` and the devtools show it. */
  epicNames(): string[];
  /** How an event type crosses to the other tabs: the `shares` of the domains whose code is here. */
  sharedFact(type: string): SharedFact | undefined;
}

/** A store's domains: the eager ones registered, the lazy ones as their code arrives. */
export function createPortalDomains(): PortalDomains {
  const registered = new Map<string, RegisteredDomain>();
  const sharedFacts = new Map<string, SharedFact>();
  let sliceEntries: Array<readonly [string, SliceReducer]> = [];
  // the slices an event type may change: case reducers say which types they handle, others get all
  const slicesByType = new Map<string, typeof sliceEntries>();
  const loading = new Map<string, Promise<void>>();
  let loadingAll: Promise<void> | undefined;

  const register = (domain: RegisteredDomain): void => {
    if (registered.has(domain.name)) return;
    registered.set(domain.name, domain);
    for (const fact of domain.shares) sharedFacts.set(fact.type, fact);
    if (domain.reducer) sliceEntries = [...sliceEntries, [domain.name, domain.reducer as SliceReducer]];
    slicesByType.clear();
  };
  for (const domain of eagerDomains) register(domain as unknown as RegisteredDomain);

  const slicesFor = (type: string): typeof sliceEntries => {
    let entries = slicesByType.get(type);
    if (!entries) {
      entries = sliceEntries.filter(([, reduce]) => {
        const { handles } = reduce as Partial<CaseReducer<unknown>>;
        return !handles || handles.has(type);
      });
      slicesByType.set(type, entries);
    }
    return entries;
  };

  const sharedFact = (type: string) => sharedFacts.get(type);
  const load = (name: LazyDomainName): Promise<void> => {
    let pending = loading.get(name);
    if (!pending) {
      pending = lazyDomains[name].load().then((domain) => register(domain as unknown as RegisteredDomain));
      loading.set(name, pending);
    }
    return pending;
  };

  return {
    // the root keeps its identity when no slice changed
    reducer(state, event) {
      let next: Record<string, unknown> | undefined;
      const current = state as unknown as Record<string, unknown>;
      // snapshots recorded before lazy domains have no list: nothing deferred
      const deferred = state.system.deferredDomains ?? [];
      for (const [key, reduce] of slicesFor(event.type)) {
        if (deferred.length > 0 && deferred.includes(key)) continue;
        const before = current[key];
        const after = reduce(before, event);
        if (after !== before) {
          next ??= { ...current };
          next[key] = after;
        }
      }
      return next ? (next as unknown as RootState) : state;
    },
    // the tabs' epics post and accept the shared facts of this store's domains
    epic: (event$, state$, deps) => rootEpic(registered, event$, state$, { ...deps, sharedFact }),
    load,
    loadAll() {
      loadingAll ??= Promise.all(lazyDomainNames.map(load)).then(() => undefined);
      return loadingAll;
    },
    isLoaded: (name) => registered.has(name),
    epicNames: () => [
      ...[...registered.values()].flatMap((domain) =>
        Object.keys(domain.epics).map((epic) => `${domain.name}/${epic}`),
      ),
      START_LOADED_DOMAINS,
    ],
    sharedFact,
  };
}

function rootEpic(
  registered: ReadonlyMap<string, RegisteredDomain>,
  ...[event$, state$, deps]: Parameters<Epic<RootState>>
): ReturnType<Epic<RootState>> {
  const running = new Set<string>(eagerDomains.map((domain) => domain.name));
  const deferred = (state$.value.system.deferredDomains ?? []) as readonly LazyDomainName[];
  // what each deferred domain with `missed` must see once it starts, kept until then
  const missed = new Map<LazyDomainName, AnyEvent[]>(
    deferred.filter((name) => lazyDomains[name].missed).map((name) => [name, []]),
  );
  const keepMissed$ = event$.pipe(
    tap((event) => {
      for (const [name, kept] of missed) {
        if (!lazyDomains[name].missed?.(event)) continue;
        kept.push(event);
        if (kept.length > MISSED_KEPT) kept.shift();
      }
    }),
    ignoreElements(),
  );
  const run = (domain: RegisteredDomain) => {
    running.add(domain.name);
    const earlier = missed.get(domain.name as LazyDomainName) ?? [];
    missed.delete(domain.name as LazyDomainName);
    const events$ = earlier.length > 0 ? concat(from(earlier), event$) : event$;
    return domainEpics(domain)(events$, state$, deps);
  };
  // in the order of their declaration, not of their code's arrival: the epics' order is the order
  // of the events one event sets off, which a re-simulation compares
  const ready = lazyDomainNames
    .filter((name) => !deferred.includes(name))
    .map((name) => registered.get(name))
    .filter((domain): domain is RegisteredDomain => domain !== undefined && !running.has(domain.name));
  const startLoaded: Epic<RootState> = (events$) =>
    events$.pipe(
      ofType(domainLoaded),
      mergeMap((event) => {
        const domain = registered.get(event.payload.name);
        if (!domain || running.has(domain.name)) return EMPTY;
        return concat(of(domainStarted({ name: domain.name }, event)), run(domain));
      }),
    );
  return merge(
    domainEpics<RootState>(...(eagerDomains as unknown as RegisteredDomain[]))(event$, state$, deps),
    ...ready.map(run),
    combineEpics({ [START_LOADED_DOMAINS]: startLoaded })(event$, state$, deps),
    missed.size > 0 ? keepMissed$ : EMPTY,
  );
}
