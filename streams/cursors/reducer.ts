import type { Draft } from 'immer';
import { caseReducer, on } from '../core/case-reducer';
import { addRegistering, namedListCases, withNamed } from '../core/named-lists';
import type { AnyEvent } from '../core/event';
import type { Status } from '../core/status';
import {
  applied,
  applyToCleared,
  fetchFailed,
  fetchRefused,
  fetchStarted,
  fulltextChanged,
  identityChanged,
  optionsChanged,
  pageInvalidated,
  pageLoaded,
  registered,
  registrationRefused,
  registrationRequested,
  removed,
  requestRefused,
  resolved,
  resolveFailed,
  resolving,
  rowRefreshed,
} from './events';
import { type CursorState, type CursorsState, defaultOptions } from './model';
import { foldPage, refreshRow } from './rows';

/** For the domains that still import them from here; `./selectors` is where others name them. */
export type { CursorState, CursorsState } from './model';

type D = Draft<CursorsState>;

const withCursor = (draft: D, name: string, change: (cursor: Draft<CursorState>) => void): void =>
  withNamed(draft.byName, name, change);

/** protocol §8.4: initial from registered or resolved, next when paging, otherwise fetching. */
function fetchStatus(current: Status, page: string): Status {
  if (page !== 'first') return 'next';
  return current === 'registered' || current === 'resolved' ? 'initial' : 'fetching';
}

const immerCases = caseReducer<CursorsState>(
  on(registrationRequested, (draft, ask) => {
    const { name, path, constraints, staticConstraints, namespaces, excludedPaths, ...options } = ask.payload;
    addRegistering(draft.byName, ask, () => ({
      options: { ...defaultOptions(), ...options },
      excludedPaths: excludedPaths ?? [],
      applied: null,
      idChunks: [],
      size: 0,
      rows: [],
      count: 0,
      lastFetchDataLength: 0,
      aggregates: null,
      groups: [],
      nextGroups: null,
    }));
  }),
  on(registered, (draft, { payload }) =>
    withCursor(draft, payload.name, (cursor) => {
      cursor.status = 'registered';
      if (payload.max !== undefined) cursor.options.max = payload.max;
      if (payload.staticQuery !== undefined) cursor.options.staticQuery = payload.staticQuery;
    }),
  ),
  on(registrationRefused, (draft, { payload }) => {
    draft.lastRefusal = payload;
  }),
  ...namedListCases<CursorsState>({ removed, resolving, resolveFailed, fetchFailed }),
  on(resolved, (draft, { payload }) =>
    withCursor(draft, payload.name, (cursor) => {
      cursor.status = 'resolved';
      cursor.error = null;
    }),
  ),
  on(fetchStarted, (draft, { payload }) =>
    withCursor(draft, payload.name, (cursor) => {
      cursor.status = fetchStatus(cursor.status, payload.page);
      cursor.signature = payload.signature;
      cursor.error = null;
      cursor.fetched = true;
    }),
  ),
  // the rows stay on screen until the list is asked again; it is no longer the current user's
  on(identityChanged, (draft, { payload }) => {
    for (const name of payload.names) {
      const cursor = draft.byName[name];
      if (cursor) cursor.fetched = false;
    }
  }),
  on(pageInvalidated, (draft, { payload }) =>
    withCursor(draft, payload.name, (cursor) => {
      cursor.status = 'invalid';
      cursor.lastSignature = payload.received;
    }),
  ),
  on(fetchRefused, (draft, { payload }) => {
    draft.lastRefusal = payload;
  }),
  on(requestRefused, (draft, { payload }) => {
    draft.lastRefusal = payload;
  }),
  on(fulltextChanged, (draft, { payload }) =>
    withCursor(draft, payload.name, (cursor) => {
      cursor.options.fulltext = payload.fulltext;
      cursor.options.fulltextTokens = payload.tokens ?? [];
      if (payload.mode !== undefined) cursor.options.fulltextMode = payload.mode;
    }),
  ),
  on(applied, (draft, { payload }) =>
    withCursor(draft, payload.name, (cursor) => {
      cursor.applied = { from: payload.from, fulltext: payload.fulltext };
    }),
  ),
  on(applyToCleared, (draft, { payload }) =>
    withCursor(draft, payload.name, (cursor) => {
      cursor.applied = null;
    }),
  ),
  on(optionsChanged, (draft, { payload }) =>
    withCursor(draft, payload.name, (cursor) => {
      Object.assign(cursor.options, payload.options);
    }),
  ),
);

/**
 * Pages and refreshed rows are folded without immer: they touch a few buckets, and the rest of
 * the (possibly huge) list is shared as it is.
 */
export function cursorsReducer(state: CursorsState, event: AnyEvent): CursorsState {
  if (!pageLoaded.match(event) && !rowRefreshed.match(event)) return immerCases(state, event);
  const cursor = state.byName[event.payload.name];
  if (!cursor) return state;
  const next = pageLoaded.match(event) ? foldPage(cursor, event.payload) : refreshRow(cursor, event.payload);
  return Object.freeze({ ...state, byName: Object.freeze({ ...state.byName, [cursor.name]: next }) });
}
