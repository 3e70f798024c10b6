import * as z from 'zod/mini';
import {
  concat,
  distinctUntilChanged,
  exhaustMap,
  filter,
  first,
  map,
  mergeMap,
  of,
  switchMap,
  takeUntil,
} from 'rxjs';
import type { Epic } from '../core/epic';
import type { AnyEvent, UnstampedEvent } from '../core/event';
import { ofType } from '../core/operators/of-type';
import { perKey } from '../core/operators/per-key';
import { reached } from '../core/status';
import { constraintRequested, constraintsRequested, isRuleKey } from '../queries/events';
import { selectQuery } from '../queries/selectors';
import { selectRelatedSchema, selectSchemaFields } from '../schemas/selectors';
import {
  aggregateFilterRequested,
  applied,
  applyToCleared,
  applyToRequested,
  fetchRefused,
  fetchRequested,
  fulltextChanged,
  optionsChanged,
  removed,
  requestRefused,
  resolveRequested,
} from './events';
import { hasUndefinedPath, sentFulltext } from './model';
import type { ListSlices } from './request';
import { aggregateFilterKey, isTemporaryCursor } from './selectors';

type S = ListSlices;

const UNKNOWN_CURSOR = (name: string) => `Cursor ${name} is unknown`;
const APPLY_TO_SELF = 'cannot use applyTO on same cursor';

/** The first of `names` that is not registered, or null; `~` names are tolerated (seed 002 §5). */
function unknownOf(state: S, names: readonly string[]): string | null {
  return names.find((name) => !isTemporaryCursor(name) && state.cursors.byName[name] === undefined) ?? null;
}

const refusal = (name: string, message: string, cause: AnyEvent) => requestRefused({ name, message }, cause);

/**
 * seed 002 §8: changing a list that is not registered says so; an asked resolve names its own
 * messages ('Cannot resolve a cursor without a name', 'Cannot resolve unknown cursor').
 */
export const refuseUnknownCursor: Epic<S> = (event$, state$) =>
  event$.pipe(
    ofType(fulltextChanged, optionsChanged, resolveRequested),
    mergeMap((event) => {
      const { name } = event.payload;
      if (resolveRequested.match(event)) {
        if (!name) return of(refusal(name, 'Cannot resolve a cursor without a name', event));
        return unknownOf(state$.value, [name])
          ? of(refusal(name, 'Cannot resolve unknown cursor', event))
          : of();
      }
      return unknownOf(state$.value, [name]) ? of(refusal(name, UNKNOWN_CURSOR(name), event)) : of();
    }),
  );

/**
 * protocol §8.4: a path that is or holds `/undefined` is refused (a failure, so it is logged). A
 * non-temporary list is fetched once a registration under its name has a defined path; while it
 * waits, more fetches of it are not refused again: nothing is asked in a loop (protocol §23.11).
 */
export const holdUndefinedPath: Epic<S> = (event$, state$) =>
  event$.pipe(
    ofType(fetchRequested),
    filter((request) => {
      const cursor = state$.value.cursors.byName[request.payload.name];
      return cursor !== undefined && hasUndefinedPath(cursor.path);
    }),
    perKey(
      (request) => request.payload.name,
      exhaustMap((request) => {
        const { name } = request.payload;
        const path = state$.value.cursors.byName[name]?.path ?? '';
        const refused = fetchRefused(
          { name, message: `Cursor ${name} has an undefined path: ${path}` },
          request,
        );
        if (isTemporaryCursor(name)) return of(refused);
        const defined$ = state$.pipe(
          map((state) => state.cursors.byName[name]?.path),
          first((now) => now !== undefined && !hasUndefinedPath(now)),
          map(() => fetchRequested({ name }, request)),
        );
        return concat(of(refused), defined$);
      }),
    ),
  );

/** Where a list keeps the user constraints another list applied onto it (seed 002 §5 applyTo). */
const APPLIED_PREFIX = '__applied_';

/** The keys of the constraints applied onto `name`, each set to null: what takes them away. */
function appliedRemovals(state: S, name: string): Record<string, null> {
  const keys = Object.keys(selectQuery(state, name)?.constraints ?? {});
  return Object.fromEntries(keys.filter((key) => key.startsWith(APPLIED_PREFIX)).map((key) => [key, null]));
}

/**
 * The target list searches what `name` searches besides its own (seed 002 §5): it keeps its own
 * constraints (a cart's items stay the cart's) and gains `name`'s user constraints under
 * `__applied_{key}` and its fulltext beside its own; a search applied before is replaced. A list
 * applied onto itself is refused.
 */
export const applyCursorTo: Epic<S> = (event$, state$) =>
  event$.pipe(
    ofType(applyToRequested),
    mergeMap((request): UnstampedEvent[] => {
      const { name, target } = request.payload;
      if (name === target) return [refusal(name, APPLY_TO_SELF, request)];
      const unknown = unknownOf(state$.value, [name, target]);
      if (unknown) return [refusal(unknown, UNKNOWN_CURSOR(unknown), request)];
      const source = state$.value.cursors.byName[name];
      if (!source || !state$.value.cursors.byName[target]) return [];
      // the user's constraints: not those a standing rule keeps (`__` keys, see queries/events.ts)
      const added = Object.entries(selectQuery(state$.value, name)?.constraints ?? {})
        .filter(([key]) => !isRuleKey(key))
        .map(([key, entry]) => [`${APPLIED_PREFIX}${key}`, entry.constraint] as const);
      const constraints = { ...appliedRemovals(state$.value, target), ...Object.fromEntries(added) };
      return [
        applied({ name: target, from: name, fulltext: sentFulltext(source) }, request),
        constraintsRequested({ name: target, constraints }, request),
      ];
    }),
  );

/** The search applied onto a list is taken back: its `__applied_` constraints go (its text went with the event). */
export const clearAppliedSearch: Epic<S> = (event$, state$) =>
  event$.pipe(
    ofType(applyToCleared),
    mergeMap((request): UnstampedEvent[] => {
      const { name } = request.payload;
      if (unknownOf(state$.value, [name])) return [refusal(name, UNKNOWN_CURSOR(name), request)];
      const constraints = appliedRemovals(state$.value, name);
      return Object.keys(constraints).length > 0
        ? [constraintsRequested({ name, constraints }, request)]
        : [];
    }),
  );

/** Inline aggregate buckets (protocol §9.1): the value of each is under `data.id`; `data: null` counts rows without one. */
const bucketsSchema = z.array(
  z.looseObject({ data: z.nullable(z.looseObject({ id: z.union([z.number(), z.string()]) })) }),
);

/** The ids a monitored list's inline aggregate of `field` names, or null before it has one. */
function aggregateIds(state: S, monitored: string, field: string): Array<number | string> | null {
  const parsed = bucketsSchema.safeParse(state.cursors.byName[monitored]?.aggregates?.[field]);
  return parsed.success ? parsed.data.flatMap((bucket) => (bucket.data ? [bucket.data.id] : [])) : null;
}

/** A refused aggregate filter: its message, and a code a screen puts into the user's words. */
interface FilterProblem {
  code: string;
  message: string;
}

const problem = (reason: string, message: string): FilterProblem => ({
  code: `error.cursors.aggregateFilter.${reason}`,
  message,
});

/** The checks of seed 002 §5 on a cursor aggregate filter; the refusal, or null. */
function filterProblem(state: S, name: string, monitored: string, field: string): FilterProblem | null {
  if (!monitored || !field)
    return problem(
      'incomplete',
      'The cursor aggregate filter requires monitoredCursorName and monitoredField',
    );
  const unknown = unknownOf(state, [name, monitored]);
  if (unknown) return problem('unknown', UNKNOWN_CURSOR(unknown));
  const watched = state.cursors.byName[monitored];
  const path = state.cursors.byName[name]?.path ?? '';
  if (!watched || !reached(watched.status, 'resolved') || watched.status === 'error') {
    return problem('unresolved', `Cursor ${monitored} is not resolved`);
  }
  if (!(field in selectSchemaFields(state, watched.path))) {
    return problem('noField', `Field ${field} does not exist on cursor ${monitored}`);
  }
  const related = selectRelatedSchema(state, watched.path, field);
  if (related !== path)
    return problem(
      'otherSchema',
      `Field ${field} of cursor ${monitored} relates to ${related ?? 'nothing'}, not to ${path}`,
    );
  return null;
}

/**
 * The cursor aggregate filter (protocol §8.4): each time the monitored list's aggregate of the
 * field changes, this list keeps only those ids, through the single-constraint setter, until
 * either list is removed or the filter is asked again.
 */
export const filterByAggregate: Epic<S> = (event$, state$) =>
  event$.pipe(
    ofType(aggregateFilterRequested),
    perKey(
      (request) => request.payload.name,
      switchMap((request) => {
        const { name, monitoredCursorName: monitored, monitoredField: field } = request.payload;
        const refused = filterProblem(state$.value, name, monitored, field);
        if (refused) return of(requestRefused({ name, ...refused }, request));
        const key = aggregateFilterKey(monitored, field);
        const gone$ = event$.pipe(
          filter((event) => removed.match(event) && [name, monitored].includes(event.payload.name)),
        );
        return state$.pipe(
          map((state) => aggregateIds(state, monitored, field)),
          filter((ids): ids is Array<number | string> => ids !== null),
          distinctUntilChanged((before, after) => before.join('\u0000') === after.join('\u0000')),
          map((ids) =>
            constraintRequested(
              { name, key, constraint: { field: 'id', operator: 'in', value: ids } },
              request,
            ),
          ),
          takeUntil(gone$),
        );
      }),
    ),
  );
