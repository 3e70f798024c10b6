import type { Draft } from 'immer';
import { filter, type Observable } from 'rxjs';
import { type Case, on } from './case-reducer';
import type { SerializedError } from './errors';
import type { AnyEvent, AppEvent } from './event';

/**
 * What a list kept by name goes through, whether it is a cursor's rows or a tree's nodes: it is
 * registered, its schema resolved, its pages fetched, and it is removed when its screen leaves.
 */
interface NamedList {
  status: string;
  error: SerializedError | null;
}

interface Definition<E extends AppEvent> {
  type: string;
  match(event: { type: string }): event is E;
}

type Named = AppEvent<string, { name: string }>;
type NamedFailure = AppEvent<string, { name: string; error: SerializedError }>;

/** Changes the list of that name; an event about a list removed since changes nothing. */
export function withNamed<L>(byName: Record<string, L>, name: string, change: (list: L) => void): void {
  const list = byName[name];
  if (list) change(list);
}

/** The end of a list's pipes: the list of that name is removed. */
export const removedNamed = (event$: Observable<AnyEvent>, removed: Definition<Named>, name: string) =>
  event$.pipe(filter((event) => removed.match(event) && event.payload.name === name));

/**
 * The cases a cursor and a tree take alike: removed (forgotten), resolving, and the failures of
 * its schema and of a page (status `error` with the error, shown until the next try).
 */
export function namedListCases<S extends { byName: Record<string, NamedList> }>(events: {
  removed: Definition<Named>;
  resolving: Definition<Named>;
  resolveFailed: Definition<NamedFailure>;
  fetchFailed: Definition<NamedFailure>;
}): Case<S>[] {
  const byNameOf = (draft: Draft<S>) => (draft as { byName: Record<string, NamedList> }).byName;
  const fail = (draft: Draft<S>, { payload }: NamedFailure) =>
    withNamed(byNameOf(draft), payload.name, (list) => {
      list.status = 'error';
      list.error = payload.error;
    });
  return [
    on(events.removed, (draft, { payload }) => {
      delete byNameOf(draft)[payload.name];
    }),
    on(events.resolving, (draft, { payload }) =>
      withNamed(byNameOf(draft), payload.name, (list) => {
        list.status = 'resolving';
      }),
    ),
    on(events.resolveFailed, fail),
    on(events.fetchFailed, fail),
  ];
}

/** What a cursor and a tree both hold from their registration on, before their first page. */
interface RegisteringList {
  name: string;
  path: string;
  status: 'registering';
  error: null;
  registration: string;
  total: number;
  hasMoreResults: boolean;
  nextResultsToken: null;
  signature: null;
  lastSignature: null;
  fetched: boolean;
}

/**
 * A registration with a name and a path not taken yet (protocol §8.4) adds its list, `registering`
 * under the asking event's id (the epic answers `registered` to that id alone); any other changes
 * nothing, and the epic refuses it (`registrationRefusal`). `own` is what the kind of list adds.
 */
export function addRegistering<L>(
  byName: Record<string, L>,
  ask: { payload: { name: string; path: string }; meta: { id: string } },
  own: () => Omit<L, keyof RegisteringList>,
): void {
  const { name, path } = ask.payload;
  if (!name || !path || byName[name]) return;
  const list: RegisteringList = {
    name,
    path,
    status: 'registering',
    error: null,
    registration: ask.meta.id,
    total: 0,
    hasMoreResults: false,
    nextResultsToken: null,
    signature: null,
    lastSignature: null,
    fetched: false,
  };
  byName[name] = { ...list, ...own() } as L;
}

/** Why a registration was refused (protocol §8.4): a name and a path are needed, names are unique. */
export function registrationRefusal(kind: 'Cursor' | 'Tree', name: string, path: string): string {
  return !name || !path
    ? `Cannot register a ${kind.toLowerCase()} without a name or without path`
    : `${kind} ${name} already exists`;
}
