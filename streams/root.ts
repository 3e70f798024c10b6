import { freeze } from 'immer';
import type { CaseReducer } from './core/case-reducer';
import { combineEpics, type Epic } from './core/epic';
import type { AnyEvent } from './core/event';
import * as appEpics from './app/epics';
import { cartsEpics } from './carts/epics';
import { cartsReducer, initialCartsState } from './carts/reducer';
import * as downloadsEpics from './downloads/epics';
import { downloadsReducer, initialDownloadsState } from './downloads/reducer';
import { appReducer, initialAppState } from './app/reducer';
import * as logsEpics from './logs/epics';
import * as aggregatesEpics from './aggregates/epics';
import { aggregatesReducer, initialAggregatesState } from './aggregates/reducer';
import * as cursorsEpics from './cursors/epics';
import { cursorsReducer, initialCursorsState } from './cursors/reducer';
import * as queriesEpics from './queries/epics';
import { initialQueriesState, queriesReducer } from './queries/reducer';
import * as schemasEpics from './schemas/epics';
import { initialSchemasState, schemasReducer } from './schemas/reducer';
import * as treesEpics from './trees/epics';
import { initialTreesState, treesReducer } from './trees/reducer';
import * as savedSearchesEpics from './saved-searches/epics';
import { initialSavedSearchesState, savedSearchesReducer } from './saved-searches/reducer';
import * as searchEpics from './search/epics';
import * as typeaheadEpics from './typeahead/epics';
import { initialTypeaheadState, typeaheadReducer } from './typeahead/reducer';
import * as notificationsEpics from './notifications/epics';
import { initialNotificationsState, notificationsReducer } from './notifications/reducer';
import * as preferencesEpics from './preferences/epics';
import { initialPreferencesState, preferencesReducer } from './preferences/reducer';
import * as profileEpics from './profile/epics';
import { initialProfileState, profileReducer } from './profile/reducer';
import { initialLogsState, logsReducer } from './logs/reducer';
import * as routerEpics from './router/epics';
import * as sessionEpics from './session/epics';
import { initialSessionState, sessionReducer } from './session/reducer';
import { initialRouterState, routerReducer } from './router/reducer';
import { initialSystemState, systemReducer } from './system/reducer';

/**
 * Every domain's slice: its initial state and its reducer. A new domain adds one line here and
 * one spread to `rootEpic`; the state type follows.
 */
const slices = {
  app: { initial: initialAppState, reduce: appReducer },
  router: { initial: initialRouterState, reduce: routerReducer },
  session: { initial: initialSessionState, reduce: sessionReducer },
  logs: { initial: initialLogsState, reduce: logsReducer },
  preferences: { initial: initialPreferencesState, reduce: preferencesReducer },
  profile: { initial: initialProfileState, reduce: profileReducer },
  notifications: { initial: initialNotificationsState, reduce: notificationsReducer },
  downloads: { initial: initialDownloadsState, reduce: downloadsReducer },
  schemas: { initial: initialSchemasState, reduce: schemasReducer },
  queries: { initial: initialQueriesState, reduce: queriesReducer },
  cursors: { initial: initialCursorsState, reduce: cursorsReducer },
  trees: { initial: initialTreesState, reduce: treesReducer },
  aggregates: { initial: initialAggregatesState, reduce: aggregatesReducer },
  typeahead: { initial: initialTypeaheadState, reduce: typeaheadReducer },
  savedSearches: { initial: initialSavedSearchesState, reduce: savedSearchesReducer },
  carts: { initial: initialCartsState, reduce: cartsReducer },
  system: { initial: initialSystemState, reduce: systemReducer },
};

type Slices = typeof slices;

/** The whole state tree: one slice per domain. */
export type RootState = { readonly [K in keyof Slices]: Slices[K]['initial'] };

type SliceReducer = (state: unknown, event: AnyEvent) => unknown;
const sliceEntries = Object.entries(slices).map(
  ([key, slice]) => [key, slice.reduce as SliceReducer] as const,
);

export const initialRootState: RootState = freeze(
  Object.fromEntries(Object.entries(slices).map(([key, slice]) => [key, slice.initial])) as RootState,
  true,
);

type SliceEntries = typeof sliceEntries;
const slicesByType = new Map<string, SliceEntries>();

/** The slices an event type may change: case reducers say which types they handle, others get all. */
function slicesFor(type: string): SliceEntries {
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

/** Each slice folds the events it handles; the root keeps its identity when no slice changed. */
export function rootReducer(state: RootState, event: AnyEvent): RootState {
  let next: Record<string, unknown> | undefined;
  const current = state as unknown as Record<string, unknown>;
  for (const [key, reduce] of slicesFor(event.type)) {
    const before = current[key];
    const after = reduce(before, event);
    if (after !== before) {
      next ??= { ...current };
      next[key] = after;
    }
  }
  return next ? (next as unknown as RootState) : state;
}

export const rootEpic: Epic<RootState> = combineEpics<RootState>(
  ...Object.values(appEpics),
  ...Object.values(routerEpics),
  ...Object.values(sessionEpics),
  ...Object.values(logsEpics),
  ...Object.values(cartsEpics),
  ...Object.values(schemasEpics),
  ...Object.values(queriesEpics),
  ...Object.values(cursorsEpics),
  ...Object.values(treesEpics),
  ...Object.values(aggregatesEpics),
  ...Object.values(typeaheadEpics),
  ...Object.values(savedSearchesEpics),
  ...Object.values(searchEpics),
  ...Object.values(preferencesEpics),
  ...Object.values(profileEpics),
  ...Object.values(notificationsEpics),
  ...Object.values(downloadsEpics),
);
