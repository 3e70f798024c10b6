import { freeze, produce } from 'immer';
import { concat, EMPTY, merge, mergeMap, of } from 'rxjs';
import type { CaseReducer } from './core/case-reducer';
import type { Domain } from './core/domain';
import { combineEpics, domainEpics, type Epic } from './core/epic';
import type { AnyEvent } from './core/event';
import { ofType } from './core/operators/of-type';
import { registerSharedFacts } from './core/shared-facts';
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
import { logsDomain } from './logs/domain';
import { notificationsDomain } from './notifications/domain';
import { outboxDomain } from './outbox/domain';
import { preferencesDomain } from './preferences/domain';
import { profileDomain } from './profile/domain';
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

/** The domains the shell needs from the first paint: loaded with the portal. */
const eagerDomains = [
  appDomain,
  routerDomain,
  sessionDomain,
  logsDomain,
  preferencesDomain,
  profileDomain,
  notificationsDomain,
  systemDomain,
  tabsDomain,
  outboxDomain,
] as const;

/**
 * The domains whose code loads with the first screen that needs them (`loadDomain`), so the
 * first download holds only the shell. Their initial states are here from the start, so the
 * state tree has one shape; until `system/domainLoaded` their reducers are skipped.
 */
const lazyDomains = {
  schemas: lazy(initialSchemasState, () => import('./schemas/domain').then((m) => m.schemasDomain)),
  queries: lazy(initialQueriesState, () => import('./queries/domain').then((m) => m.queriesDomain)),
  cursors: lazy(initialCursorsState, () => import('./cursors/domain').then((m) => m.cursorsDomain)),
  trees: lazy(initialTreesState, () => import('./trees/domain').then((m) => m.treesDomain)),
  aggregates: lazy(initialAggregatesState, () =>
    import('./aggregates/domain').then((m) => m.aggregatesDomain),
  ),
  typeahead: lazy(initialTypeaheadState, () => import('./typeahead/domain').then((m) => m.typeaheadDomain)),
  savedSearches: lazy(initialSavedSearchesState, () =>
    import('./saved-searches/domain').then((m) => m.savedSearchesDomain),
  ),
  search: lazy(undefined, () => import('./search/domain').then((m) => m.searchDomain)),
  cache: lazy(initialCacheState, () => import('./cache/domain').then((m) => m.cacheDomain)),
  carts: lazy(initialCartsState, () => import('./carts/domain').then((m) => m.cartsDomain)),
  downloads: lazy(initialDownloadsState, () => import('./downloads/domain').then((m) => m.downloadsDomain)),
  entities: lazy(initialEntitiesState, () => import('./entities/domain').then((m) => m.entitiesDomain)),
  players: lazy(initialPlayersState, () => import('./players/domain').then((m) => m.playersDomain)),
  batches: lazy(initialBatchesState, () => import('./batches/domain').then((m) => m.batchesDomain)),
  analytics: lazy(initialAnalyticsState, () => import('./analytics/domain').then((m) => m.analyticsDomain)),
  selection: lazy(initialSelectionState, () => import('./selection/domain').then((m) => m.selectionDomain)),
  reverseSearch: lazy(initialReverseSearchState, () =>
    import('./reverse-search/domain').then((m) => m.reverseSearchDomain),
  ),
  naturalLanguage: lazy(initialNaturalLanguageState, () =>
    import('./natural-language/domain').then((m) => m.naturalLanguageDomain),
  ),
  pages: lazy(initialPagesState, () => import('./pages/domain').then((m) => m.pagesDomain)),
  imports: lazy(initialImportsState, () => import('./imports/domain').then((m) => m.importsDomain)),
};

function lazy<S, D extends { name: string }>(initialState: S, load: () => Promise<D>) {
  return { initialState, load };
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

/** The manifests whose code is here, by name: the eager ones, then each lazy one as it loads. */
const registered = new Map<string, RegisteredDomain>();
let sliceEntries: Array<readonly [string, SliceReducer]> = [];
const slicesByType = new Map<string, typeof sliceEntries>();

function register(domain: RegisteredDomain): void {
  if (registered.has(domain.name)) return;
  registered.set(domain.name, domain);
  registerSharedFacts(domain.shares);
  if (domain.reducer) sliceEntries = [...sliceEntries, [domain.name, domain.reducer as SliceReducer]];
  slicesByType.clear();
}

for (const domain of eagerDomains) register(domain as unknown as RegisteredDomain);

const loading = new Map<string, Promise<void>>();
const START_LOADED_DOMAINS = 'system/startLoadedDomains';

/** Brings a lazy domain's code (once); `system/domainLoaded` then turns it on. */
export function loadDomain(name: LazyDomainName): Promise<void> {
  let pending = loading.get(name);
  if (!pending) {
    pending = lazyDomains[name].load().then((domain) => register(domain as unknown as RegisteredDomain));
    loading.set(name, pending);
  }
  return pending;
}

/** True once a domain's code is here (it may still be deferred). */
export function isDomainLoaded(name: LazyDomainName): boolean {
  return registered.has(name);
}

/** The name of every epic whose domain's code is here, as `system/epicCrashed` and the devtools show it. */
export function registeredEpicNames(): string[] {
  return [
    ...[...registered.values()].flatMap((domain) =>
      Object.keys(domain.epics).map((epic) => `${domain.name}/${epic}`),
    ),
    START_LOADED_DOMAINS,
  ];
}

/** Every domain's code: replay, re-simulation, the devtools and tests fold with all reducers. */
export async function loadAllDomains(): Promise<void> {
  await Promise.all(lazyDomainNames.map(loadDomain));
}

/** The slices an event type may change: case reducers say which types they handle, others get all. */
function slicesFor(type: string): typeof sliceEntries {
  let entries = slicesByType.get(type);
  if (!entries) {
    entries = sliceEntries.filter(([, reduce]) => {
      const { handles } = reduce as Partial<CaseReducer<unknown>>;
      return !handles || handles.has(type);
    });
    slicesByType.set(type, entries);
  }
  return entries;
}

/**
 * Each slice folds the events it handles, unless its domain is still deferred; the root keeps its
 * identity when no slice changed.
 */
export function rootReducer(state: RootState, event: AnyEvent): RootState {
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
}

/**
 * Every domain's epics, each registered under `<domain>/<epic>`. A lazy domain whose code is
 * here and that is not deferred runs at once (tests, old logs); a deferred one starts on
 * `system/domainLoaded`, announced by `system/domainStarted` so it can catch up.
 */
export const rootEpic: Epic<RootState> = (event$, state$, deps) => {
  const running = new Set<string>(eagerDomains.map((domain) => domain.name));
  const run = (domain: RegisteredDomain) => {
    running.add(domain.name);
    return domainEpics(domain)(event$, state$, deps);
  };
  const deferred = state$.value.system.deferredDomains ?? [];
  // in the order of their declaration, not of their code's arrival: the epics' order is the order
  // of the events one event sets off, which a re-simulation compares
  const ready = lazyDomainNames
    .map((name) => registered.get(name))
    .filter(
      (domain): domain is RegisteredDomain =>
        domain !== undefined && !running.has(domain.name) && !deferred.includes(domain.name),
    );
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
  );
};
