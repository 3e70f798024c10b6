import { debounceTime, defer, EMPTY, filter, merge, mergeMap, type Observable, of, pipe } from 'rxjs';
import type { Epic } from '../core/epic';
import type { AnyEvent, UnstampedEvent } from '../core/event';
import { ofType } from '../core/operators/of-type';
import { perKey } from '../core/operators/per-key';
import { modeChangeMessage, modeOf } from '../core/query/operators';
import { requestAnswer } from '../core/request';
import { optionsChanged, pageLoaded } from '../cursors/events';
import { selectCursor, selectCursorScope, type WithCursors } from '../cursors/selectors';
import { selectQuery, type WithQueries } from '../queries/selectors';
import {
  type AggsAnswer,
  aggsRequest,
  aggsSignature,
  filterSorted,
  metaQuery,
  missingIds,
  sortedLimit,
  sortedRequest,
  sortedSignature,
} from './api';
import * as aggregateEvents from './events';
import type { WithAggregates } from './selectors';

type S = WithAggregates & WithCursors & WithQueries;

export const refuseModeChange: Epic<S> = (event$, state$) =>
  event$.pipe(
    ofType(aggregateEvents.constraintRegistered),
    mergeMap((event) => {
      const { cursor, key, operator } = event.payload;
      const known = state$.value.aggregates.byCursor[cursor]?.constraints[key];
      if (!known || modeOf(known.operator) === modeOf(operator)) return EMPTY;
      return of(
        aggregateEvents.constraintRefused(
          { cursor, key, message: modeChangeMessage(key, modeOf(known.operator), operator) },
          event,
        ),
      );
    }),
  );

const hasAsks = (body: Record<string, unknown>): boolean =>
  Object.values((body['$meta-query'] ?? {}) as Record<string, object>).some(
    (entry) => 'aggregate' in entry || 'unconstrainedAggregate' in entry,
  );

/** Starts a count request unless one is running (seed 001 §4: skipped while initial, fetching or next). */
function start(state: S, cursorName: string, reset: boolean, cause: AnyEvent): UnstampedEvent[] {
  const aggregates = state.aggregates.byCursor[cursorName];
  const list = selectCursorScope(state, cursorName);
  if (!aggregates || !list)
    return [
      aggregateEvents.fetchRefused(
        { cursor: cursorName, message: `Unknown cursorAggregates: ${cursorName}` },
        cause,
      ),
    ];
  if (['initial', 'fetching', 'next'].includes(aggregates.status)) return [];
  if (
    !reset &&
    Object.keys(aggregates.constraints).every((key) => missingIds(aggregates, key, false).length === 0)
  )
    return [];
  const body = metaQuery(aggregates, selectQuery(state, cursorName), reset);
  return [
    aggregateEvents.fetchStarted({ cursor: cursorName, reset, signature: aggsSignature(list, body) }, cause),
  ];
}

/**
 * Counts are asked again 100 ms after the list changes (its first page, a new facet, a stale
 * answer, its rows changed on the server), and missing counts 200 ms after the last view asked for them (protocol §24).
 */
export const scheduleCursorAggregates: Epic<S> = (event$, state$, { config, scheduler }) => {
  const byCursor = <E extends AnyEvent>(
    source$: Observable<E>,
    cursorOf: (event: E) => string,
    wait: number,
    reset: boolean,
  ) =>
    source$.pipe(
      perKey(
        cursorOf,
        pipe(
          debounceTime(wait, scheduler),
          mergeMap((event) => start(state$.value, cursorOf(event), reset, event)),
        ),
      ),
    );
  const changed$ = event$.pipe(
    filter(
      (event) =>
        (pageLoaded.match(event) &&
          event.payload.page === 'first' &&
          state$.value.aggregates.byCursor[event.payload.name] !== undefined) ||
        aggregateEvents.constraintRegistered.match(event) ||
        aggregateEvents.retryRequested.match(event) ||
        aggregateEvents.countsOutdated.match(event) ||
        aggregateEvents.invalidated.match(event),
    ),
  );
  const cursorOf = (event: AnyEvent) => {
    const payload = event.payload as { name?: string; cursor?: string };
    return payload.cursor ?? payload.name ?? '';
  };
  return merge(
    byCursor(changed$, cursorOf, config.aggregateDebounceMs, true),
    byCursor(
      event$.pipe(ofType(aggregateEvents.idsWanted)),
      (event) => event.payload.cursor,
      config.missingAggregatesDebounceMs,
      false,
    ),
  );
};

/** The count request; a stale echo or ids still missing make it invalid, asked again (seed 001 §4). */
export const loadCursorAggregates: Epic<S> = (event$, state$, { http }) =>
  event$.pipe(
    ofType(aggregateEvents.fetchStarted),
    mergeMap((started) => {
      const { cursor: name, reset, signature } = started.payload;
      const aggregates = state$.value.aggregates.byCursor[name];
      const list = selectCursorScope(state$.value, name);
      if (!aggregates || !list) return EMPTY;
      const body = metaQuery(aggregates, selectQuery(state$.value, name), reset);
      // when no constraint asks anything, no request: nothing is counted (protocol §9.1)
      if (!hasAsks(body))
        return of(aggregateEvents.loaded({ cursor: name, signature, total: 0, aggregates: {} }, started));
      const answered = (data: AggsAnswer): UnstampedEvent[] => {
        const received = data.state === null || data.state === undefined ? null : String(data.state);
        if (received !== signature)
          return [aggregateEvents.invalidated({ cursor: name, sent: signature, received }, started)];
        const answer = data.response.aggregates ?? {};
        const has = (key: string, id: string) =>
          (answer[key] ?? []).some((bucket) => String(bucket.data?.id ?? -1) === id);
        const stillMissing = Object.keys(aggregates.constraints).some((key) =>
          missingIds(aggregates, key, reset).some((id) => !has(key, id)),
        );
        const done = aggregateEvents.loaded(
          { cursor: name, signature, total: data.response.total ?? 0, aggregates: answer },
          started,
        );
        return stillMissing
          ? [done, aggregateEvents.invalidated({ cursor: name, sent: signature, received }, started)]
          : [done];
      };
      return defer(() =>
        requestAnswer(http, aggsRequest(list, body, signature), answered, (error) =>
          aggregateEvents.fetchFailed({ cursor: name, error }, started),
        ),
      );
    }),
  );

/** What a sorted aggregate is asked over: its list's scope and its limit; null once it or its list is gone. */
function sortedAsk(state: S, id: string, margin: number) {
  const sorted = state.aggregates.sorted[id];
  const list = sorted && selectCursorScope(state, sorted.cursor);
  if (!sorted || !list) return null;
  return { sorted, list, limit: sortedLimit(Object.values(state.aggregates.sorted), sorted, margin) };
}

/** Sorted aggregates are asked 300 ms after they change or their list does (seed 001 §9). */
export const scheduleSortedAggregates: Epic<S> = (event$, state$, { config, scheduler }) => {
  const ids$ = event$.pipe(
    mergeMap((event): Array<{ id: string; event: AnyEvent }> => {
      if (aggregateEvents.sortedRegistered.match(event) || aggregateEvents.sortedFilterChanged.match(event))
        return [{ id: event.payload.id, event }];
      if (pageLoaded.match(event) && event.payload.page === 'first') {
        return Object.values(state$.value.aggregates.sorted)
          .filter((sorted) => sorted.cursor === event.payload.name)
          .map((sorted) => ({ id: sorted.id, event }));
      }
      return [];
    }),
  );
  return ids$.pipe(
    perKey(
      ({ id }) => id,
      pipe(
        debounceTime(config.sortedAggregateSearchDelayMs, scheduler),
        mergeMap(({ id, event }) => {
          const state = state$.value;
          const ask = sortedAsk(state, id, config.sortedAggregateLimitMargin);
          if (!ask) return EMPTY;
          const { sorted, list, limit } = ask;
          const signature = sortedSignature(list, selectQuery(state, sorted.cursor), sorted, limit);
          return of(aggregateEvents.sortedFetchStarted({ id, signature }, event));
        }),
      ),
    ),
  );
};

export const loadSortedAggregate: Epic<S> = (event$, state$, { http, config }) =>
  event$.pipe(
    ofType(aggregateEvents.sortedFetchStarted),
    mergeMap((started) => {
      const { id, signature } = started.payload;
      const state = state$.value;
      const ask = sortedAsk(state, id, config.sortedAggregateLimitMargin);
      if (!ask) return EMPTY;
      const { sorted, list, limit } = ask;
      const request = sortedRequest(list, selectQuery(state, sorted.cursor), sorted, limit, signature);
      return defer(() =>
        requestAnswer(
          http,
          request,
          (data) => {
            // the filter and max of now: they may have changed while the request was on its way
            const current = state$.value.aggregates.sorted[id] ?? sorted;
            const buckets = data.response.aggregates?.[sorted.field] ?? [];
            const values = filterSorted(buckets, current.filter, current.max);
            return aggregateEvents.sortedLoaded({ id, signature, values }, started);
          },
          (error) => aggregateEvents.sortedFailed({ id, error }, started),
        ),
      );
    }),
  );

/**
 * Field and tree-field aggregates registered within 50 ms are set on their list at once
 * (seed 002 §9): the list asks `withAggregates=true&aggFields=…` and loads again.
 */
export const applyAggregateFields: Epic<S> = (event$, state$, { config, scheduler }) =>
  event$.pipe(
    ofType(aggregateEvents.fieldRegistered),
    perKey(
      (event) => event.payload.cursor,
      pipe(
        debounceTime(config.aggregateRegistrationDelayMs, scheduler),
        mergeMap((event) => {
          const fields = state$.value.aggregates.byCursor[event.payload.cursor]?.fields ?? [];
          if (!selectCursor(state$.value, event.payload.cursor)) return EMPTY;
          const options = { withAggregates: true, aggregatesFields: [...fields] };
          return of(optionsChanged({ name: event.payload.cursor, options }, event));
        }),
      ),
    ),
  );
