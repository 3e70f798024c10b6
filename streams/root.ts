import { freeze } from 'immer';
import type { CaseReducer } from './core/case-reducer';
import type { Domain } from './core/domain';
import { domainEpics, type Epic } from './core/epic';
import type { AnyEvent } from './core/event';
import { aggregatesDomain } from './aggregates/domain';
import { appDomain } from './app/domain';
import { cartsDomain } from './carts/domain';
import { cursorsDomain } from './cursors/domain';
import { downloadsDomain } from './downloads/domain';
import { logsDomain } from './logs/domain';
import { notificationsDomain } from './notifications/domain';
import { preferencesDomain } from './preferences/domain';
import { profileDomain } from './profile/domain';
import { queriesDomain } from './queries/domain';
import { routerDomain } from './router/domain';
import { savedSearchesDomain } from './saved-searches/domain';
import { schemasDomain } from './schemas/domain';
import { searchDomain } from './search/domain';
import { sessionDomain } from './session/domain';
import { systemDomain } from './system/domain';
import { treesDomain } from './trees/domain';
import { typeaheadDomain } from './typeahead/domain';

/**
 * Every domain of the portal, by its manifest (`streams/<domain>/domain.ts`). A new domain adds
 * one line here; the state type and the epic registry follow.
 */
const domains = [
  appDomain,
  routerDomain,
  sessionDomain,
  logsDomain,
  preferencesDomain,
  profileDomain,
  notificationsDomain,
  downloadsDomain,
  schemasDomain,
  queriesDomain,
  cursorsDomain,
  treesDomain,
  aggregatesDomain,
  typeaheadDomain,
  savedSearchesDomain,
  cartsDomain,
  systemDomain,
  searchDomain,
] as const;

type Domains = (typeof domains)[number];

/** The whole state tree: one slice per domain that has one. */
export type RootState = {
  readonly [D in Domains as D['reducer'] extends null ? never : D['name']]: D['initialState'];
};

type SliceReducer = (state: unknown, event: AnyEvent) => unknown;
const sliceEntries = (domains as readonly Domain<string, unknown, never>[])
  .filter((domain) => domain.reducer !== null)
  .map((domain) => [domain.name, domain.reducer as SliceReducer] as const);

export const initialRootState: RootState = freeze(
  Object.fromEntries(
    (domains as readonly Domain<string, unknown, never>[])
      .filter((domain) => domain.reducer !== null)
      .map((domain) => [domain.name, domain.initialState]),
  ) as RootState,
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

/** Every domain's epics, each registered under `<domain>/<epic>`. */
export const rootEpic: Epic<RootState> = domainEpics<RootState>(
  ...(domains as readonly { name: string; epics: Readonly<Record<string, Epic<RootState>>> }[]),
);
