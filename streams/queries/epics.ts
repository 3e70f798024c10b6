import {
  concat,
  defer,
  distinctUntilChanged,
  EMPTY,
  filter,
  first,
  map,
  mergeMap,
  type Observable,
  of,
  switchMap,
  timer,
  pipe,
} from 'rxjs';
import type { Deps } from '../core/deps';
import type { Epic, StateObservable } from '../core/epic';
import type { AnyEvent, UnstampedEvent } from '../core/event';
import { ofType } from '../core/operators/of-type';
import { perKey } from '../core/operators/per-key';
import {
  fieldTarget,
  modeChangeMessage,
  modeOf,
  operatorProblem,
  SUBQUERY_CURSORDATA,
  splitOperator,
} from '../core/query/operators';
import * as cursorEvents from '../cursors/events';
import { selectCursor, selectCursorRowIds, selectCursorStatus, type WithCursors } from '../cursors/selectors';
import { selectRelatedSchema, selectSchemaStatus, type WithSchemas } from '../schemas/selectors';
import {
  constraintFailed,
  constraintResolved,
  constraintsRefused,
  constraintRequested,
  constraintsRequested,
  constraintsSet,
  registrationRefused,
} from './events';
import type { ConstraintEntry, QueryState, WithQueries } from './selectors';
import { backoffDelays, fixedDelays, pollFor } from './waits';

type S = WithQueries & WithCursors & WithSchemas;

/** The row ids of a list once it has loaded, else null (what a `cursordata` wait polls). */
const loadedIds = (state: S, name: string) =>
  selectCursorStatus(state, name) === 'loaded' ? selectCursorRowIds(state, name) : null;

/** The checks of protocol §8.3 and §9.2 on a query that exists. */
function verdict(
  query: QueryState,
  change: ReturnType<typeof constraintsRequested>['payload'],
  request: AnyEvent,
): UnstampedEvent {
  const { name, constraints, replace } = change;
  for (const [key, constraint] of Object.entries(constraints)) {
    if (constraint === null) continue;
    const problem = operatorProblem(constraint);
    if (problem) return constraintsRefused({ name, message: problem }, request);
    const current = query.constraints[key]?.mode;
    const operator = splitOperator(constraint.operator).operator;
    if (current && current !== modeOf(operator)) {
      return constraintsRefused({ name, message: modeChangeMessage(key, current, operator) }, request);
    }
  }
  return constraintsSet({ name, constraints, ...(replace !== undefined && { replace }) }, request);
}

/** A query not known yet is asked for again every 200 ms, at most 10 times (protocol §8.4, §23 item 11). */
export const setConstraints: Epic<S> = (event$, state$, { config, scheduler }) =>
  event$.pipe(
    ofType(constraintsRequested),
    mergeMap((request) => {
      const { name } = request.payload;
      const attempt = (tries: number): Observable<UnstampedEvent> =>
        defer(() => {
          const query = state$.value.queries.byName[name];
          if (query) return of(verdict(query, request.payload, request));
          if (tries >= config.constraintRetries) {
            return of(constraintsRefused({ name, message: `Failed to retrieve query ${name}` }, request));
          }
          return timer(config.constraintRetryMs, scheduler).pipe(mergeMap(() => attempt(tries + 1)));
        });
      return attempt(0);
    }),
  );

/**
 * The single-constraint setter: a query not known yet is asked for once more after
 * `singleConstraintRetryMs` (protocol §8.4, §24), then refused.
 */
export const setOneConstraint: Epic<S> = (event$, state$, { config, scheduler }) =>
  event$.pipe(
    ofType(constraintRequested),
    mergeMap((request) => {
      const { name, key, constraint } = request.payload;
      const settle = (retry: boolean): Observable<UnstampedEvent> =>
        defer(() => {
          const query = state$.value.queries.byName[name];
          if (query) return of(verdict(query, { name, constraints: { [key]: constraint } }, request));
          if (!retry) {
            return of(constraintsRefused({ name, message: `Failed to retrieve query ${name}` }, request));
          }
          return timer(config.singleConstraintRetryMs, scheduler).pipe(mergeMap(() => settle(false)));
        });
      return settle(true);
    }),
  );

/**
 * seed 002 §8: a second query under one name is refused. Queries are made with their cursor, so a
 * registration the cursors domain did not take (its `registration` is another event) met one.
 */
export const refuseDuplicateQuery: Epic<S> = (event$, state$) =>
  event$.pipe(
    ofType(cursorEvents.registrationRequested),
    filter((request) => {
      const { name, path } = request.payload;
      const cursor = selectCursor(state$.value, name);
      return Boolean(name && path) && cursor !== undefined && cursor.registration !== request.meta.id;
    }),
    map((request) => {
      const { name } = request.payload;
      return registrationRefused({ name, message: `query ${name} already exists` }, request);
    }),
  );

interface Job {
  name: string;
  key: string;
  entry: ConstraintEntry;
  cause: AnyEvent;
}

/** Constraints waiting for ids, each time a query changes. */
function jobsOf(state: S, name: string, cause: AnyEvent): Job[] {
  const query = state.queries.byName[name];
  if (!query) return [];
  return [...Object.entries(query.staticConstraints), ...Object.entries(query.constraints)]
    .filter(([, entry]) => entry.status === 'resolving')
    .map(([key, entry]) => ({ name, key, entry, cause }));
}

const failure = (job: Job, message: string) =>
  constraintFailed(
    { name: job.name, key: job.key, error: { code: 'error.queries.subquery', message } },
    job.cause,
  );

/** `{op}_cursordata`: waits for the other list to load, 50 ms x 1.2 up to 60 s (protocol §8.3, §24). */
function cursordata(job: Job, state$: StateObservable<S>, deps: Deps): Observable<UnstampedEvent> {
  const target = String(job.entry.constraint.value);
  if (!selectCursor(state$.value, target))
    return of(failure(job, `Cursor ${target} has not been registered`));
  const { cursorWaitStartMs, cursorWaitFactor, cursorWaitMaxMs } = deps.config;
  const loaded = () => loadedIds(state$.value, target);
  const operator = splitOperator(job.entry.constraint.operator).operator;
  return pollFor(
    loaded,
    backoffDelays(cursorWaitStartMs, cursorWaitFactor, cursorWaitMaxMs),
    deps.scheduler,
  ).pipe(
    map((ids) =>
      ids === null
        ? failure(job, 'Could not load cursor')
        : constraintResolved({ name: job.name, key: job.key, operator, value: ids }, job.cause),
    ),
  );
}

/**
 * The schema a lookup searches: the field's related schema, else `{domain}/data/{field}` as the
 * reference client reads a field the schema does not relate (e.g. `ai_concepts`, §22).
 */
function lookupPath(state: S, path: string, field: string): string {
  return selectRelatedSchema(state, path, field) ?? `${path.split('/')[0]}/data/${field}`;
}

/**
 * `{op}_{field}` with names: ONE temporary list per distinct value, its static query exactly
 * `{field: {eq: value}}` (max 5), all of them sent at once and polled together every 100 ms,
 * 100 times; the ids found are the constraint's (protocol §8.1, §8.3, seed 002 §5). Each asks its
 * schema's headers inline (`headers=true`, §8.2) rather than a headers call first.
 */
function lookup(job: Job, sub: string, state$: StateObservable<S>, deps: Deps): Observable<UnstampedEvent> {
  const path = state$.value.queries.byName[job.name]?.path ?? '';
  const field = fieldTarget(job.entry.constraint.field).name;
  const operator = splitOperator(job.entry.constraint.operator).operator;
  const asked = job.entry.constraint.value;
  const values = [...new Set(Array.isArray(asked) ? asked : [asked])];
  return state$.pipe(
    map((state) => selectSchemaStatus(state, path)),
    first((status) => status === 'resolved' || status === 'error'),
    mergeMap(() => {
      const related = lookupPath(state$.value, path, field);
      const temporaries = values.map(
        (_, index) => `~lookup:${job.name}:${job.key}:${job.entry.signature}:${index}`,
      );
      const loaded = () => {
        const found = temporaries.map((name) => loadedIds(state$.value, name));
        return found.every((ids) => ids !== null) ? [...new Set(found.flat())] : null;
      };
      const { lookupRetryMs, lookupRetries, lookupCursorMax } = deps.config;
      return concat(
        of(
          ...values.flatMap((value, index) => [
            cursorEvents.registrationRequested(
              {
                name: temporaries[index] as string,
                path: related,
                max: lookupCursorMax,
                staticQuery: { [sub]: { eq: value } },
                // the looked-in schema's headers come with the answer, not in calls of their own
                inlineHeaders: true,
              },
              job.cause,
            ),
            cursorEvents.fetchRequested({ name: temporaries[index] as string }, job.cause),
          ]),
        ),
        pollFor(loaded, fixedDelays(lookupRetryMs, lookupRetries), deps.scheduler).pipe(
          map((ids) =>
            ids === null
              ? failure(job, 'Could not load cursor')
              : constraintResolved({ name: job.name, key: job.key, operator, value: ids }, job.cause),
          ),
        ),
        of(...temporaries.map((name) => cursorEvents.removed({ name }, job.cause))),
      );
    }),
  );
}

/** Resolves sub-queries; a newer version of the same constraint replaces a wait in progress. */
export const resolveSubqueries: Epic<S> = (event$, state$, deps) =>
  event$.pipe(
    ofType(constraintsSet, cursorEvents.registered),
    mergeMap((event) => jobsOf(state$.value, event.payload.name, event)),
    perKey(
      (job) => `${job.name}\u0000${job.key}`,
      pipe(
        distinctUntilChanged((before, after) => before.entry.signature === after.entry.signature),
        switchMap((job) => {
          const { sub } = splitOperator(job.entry.constraint.operator);
          if (sub === null) return EMPTY;
          const work$ =
            sub === SUBQUERY_CURSORDATA ? cursordata(job, state$, deps) : lookup(job, sub, state$, deps);
          // an answer for a constraint changed meanwhile is dropped
          return work$.pipe(
            filter((event) => {
              if (!constraintResolved.match(event) && !constraintFailed.match(event)) return true;
              const query = state$.value.queries.byName[job.name];
              const current = query?.constraints[job.key] ?? query?.staticConstraints[job.key];
              return current?.signature === job.entry.signature;
            }),
          );
        }),
      ),
    ),
  );
