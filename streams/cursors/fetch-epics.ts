import {
  debounceTime,
  defer,
  delay,
  filter,
  first,
  map,
  mergeMap,
  type Observable,
  of,
  switchMap,
  takeUntil,
  pipe,
} from 'rxjs';
import type { Epic, StateObservable } from '../core/epic';
import type { AnyEvent, UnstampedEvent } from '../core/event';
import { removedNamed } from '../core/named-lists';
import { ofType } from '../core/operators/of-type';
import { perKey } from '../core/operators/per-key';
import { requestAnswer } from '../core/request';
import { inlineHeadersReceived } from '../schemas/events';
import { selectSchema } from '../schemas/selectors';
import type { ListAnswer, PageAsk } from './api';
import {
  fetchFailed,
  fetchRefused,
  fetchRequested,
  fetchStarted,
  groupNextRequested,
  nextGroupsRequested,
  nextPageRequested,
  pageInvalidated,
  pageLoaded,
  removed,
  strangeDataSkipped,
} from './events';
import { hasUndefinedPath, type Row } from './model';
import { cursorListRequest, currentSignature, fetchReadiness, type ListSlices, pageAsk } from './request';
import { isTemporaryCursor } from './selectors';

type S = ListSlices;

/** seed 002 §4: a fetch is skipped while the cursor is resolving, initial, fetching or next. */
const BUSY = new Set(['resolving', 'initial', 'fetching', 'next']);

/** Unknown cursors: `~` names are skipped silently, others are refused (protocol §8.4). */
function unknownCursor(name: string, message: string, cause: AnyEvent): UnstampedEvent[] {
  return isTemporaryCursor(name) ? [] : [fetchRefused({ name, message }, cause)];
}

function startFirstPage(state: S, name: string, cause: AnyEvent): UnstampedEvent[] {
  const cursor = state.cursors.byName[name];
  if (!cursor || BUSY.has(cursor.status)) return [];
  const signature = currentSignature(state, name, { kind: 'first' }) as string;
  return [fetchStarted({ name, page: 'first', signature }, cause)];
}

/**
 * The list provider: the first page is asked 50 ms after the last request for it (protocol §24),
 * once the cursor and its query are resolved; when it had to wait, the status is processed
 * 50 ms after it changed (seed 002 §9).
 */
export const fetchCursorPage: Epic<S> = (event$, state$, { config, scheduler }) =>
  event$.pipe(
    ofType(fetchRequested),
    filter((request) => {
      const cursor = state$.value.cursors.byName[request.payload.name];
      // a path holding `/undefined` is held by holdUndefinedPath
      return cursor !== undefined && !hasUndefinedPath(cursor.path);
    }),
    perKey(
      (request) => request.payload.name,
      pipe(
        debounceTime(config.listFetchDebounceMs, scheduler),
        switchMap((request) => {
          const { name } = request.payload;
          const settled$: Observable<unknown> =
            fetchReadiness(state$.value, name) === 'wait'
              ? state$.pipe(
                  map((state) => fetchReadiness(state, name)),
                  first((readiness) => readiness !== 'wait'),
                  delay(config.cursorStatusDelayMs, scheduler),
                )
              : of(null);
          return settled$.pipe(
            mergeMap(() => {
              const state = state$.value;
              const readiness = fetchReadiness(state, name);
              if (readiness === 'unresolved') {
                const path = state.cursors.byName[name]?.path ?? '';
                const message = `For cursor '${name}', schema '${path}' is not resolved`;
                return of(fetchRefused({ name, message }, request));
              }
              return readiness === 'ready' ? of(...startFirstPage(state, name, request)) : of();
            }),
            takeUntil(removedNamed(event$, removed, name)),
          );
        }),
      ),
    ),
  );

export const refuseUnknownFetch: Epic<S> = (event$, state$) =>
  event$.pipe(
    ofType(fetchRequested),
    filter((request) => state$.value.cursors.byName[request.payload.name] === undefined),
    mergeMap((request) =>
      of(...unknownCursor(request.payload.name, 'Cannot fetch data on unknown cursor', request)),
    ),
  );

/** Next page, more groups, more rows of one group (protocol §8.4, §23 item 23). */
export const pageCursor: Epic<S> = (event$, state$) =>
  event$.pipe(
    ofType(nextPageRequested, nextGroupsRequested, groupNextRequested),
    mergeMap((request) => {
      const { name } = request.payload;
      const cursor = state$.value.cursors.byName[name];
      if (!cursor) return of(...unknownCursor(name, 'Cannot fetch next data on unknown cursor', request));
      if (BUSY.has(cursor.status)) return of();
      let ask: PageAsk;
      if (nextGroupsRequested.match(request)) {
        if (!cursor.nextGroups) {
          const message = 'Cannot fetch nextGroups with null or undefined nextGroups';
          return of(fetchRefused({ name, message }, request));
        }
        ask = pageAsk(cursor, 'nextGroups');
      } else if (groupNextRequested.match(request)) {
        ask = pageAsk(cursor, 'group', request.payload.groupKey);
        if (!ask.after) {
          const message = `Cannot fetch next data of group '${request.payload.groupKey}' without the group and its next token`;
          return of(fetchRefused({ name, message }, request));
        }
      } else {
        if (!cursor.nextResultsToken) return of();
        ask = pageAsk(cursor, 'next');
      }
      const signature = currentSignature(state$.value, name, ask) as string;
      return of(
        fetchStarted(
          { name, page: ask.kind, signature, ...(ask.groupKey && { groupKey: ask.groupKey }) },
          request,
        ),
      );
    }),
  );

const hasId = (row: unknown): row is Row =>
  typeof row === 'object' &&
  row !== null &&
  (typeof (row as Row).id === 'number' || typeof (row as Row).id === 'string');

/**
 * The rows and token of an answer; rows without an id are strange data, left out and counted
 * (protocol §8.1). A group's rows are checked by the answer's schema already.
 */
function pageOf(answer: ListAnswer, ask: PageAsk): { rows: Row[]; token: string | null; strange: number } {
  const { response, links } = answer;
  if (ask.kind === 'group' && response.groups) {
    const group = response.groups.find((candidate) => candidate.key === ask.groupKey);
    return { rows: group?.data ?? [], token: group?.nextToken ?? null, strange: 0 };
  }
  const data = response.data ?? [];
  const rows = data.filter(hasId);
  return { rows, token: links?.nextResultsToken ?? null, strange: data.length - rows.length };
}

function answerEvents(
  state$: StateObservable<S>,
  started: ReturnType<typeof fetchStarted> & AnyEvent,
  ask: PageAsk,
  answer: ListAnswer,
): UnstampedEvent[] {
  const { name, signature, page } = started.payload;
  const received = answer.state === null || answer.state === undefined ? null : String(answer.state);
  if (received !== signature || currentSignature(state$.value, name, ask) !== signature) {
    return [pageInvalidated({ name, page, sent: signature, received }, started)];
  }
  const cursor = state$.value.cursors.byName[name];
  const resource = answer.resource ?? cursor?.path.split('/').pop() ?? '';
  const { rows, token, strange } = pageOf(answer, ask);
  const events: UnstampedEvent[] = [];
  if (strange > 0) {
    const message = `Strange data: ${strange} row(s) of cursor ${name} without id`;
    events.push(
      strangeDataSkipped(
        { name, rows: strange, error: { code: 'error.cursors.strangeData', message } },
        started,
      ),
    );
  }
  const schema = selectSchema(state$.value, cursor?.path ?? '');
  if (cursor && answer.headers && schema?.status !== 'resolved' && !schema?.schemas) {
    const headers = inlineHeadersReceived(cursor.path, resource, answer.headers, started);
    if (headers) events.push(headers);
  }
  const { response } = answer;
  events.push(
    pageLoaded(
      {
        name,
        page,
        signature,
        resource,
        rows,
        total: response.total ?? rows.length,
        count: response.count ?? rows.length,
        nextResultsToken: token,
        aggregates: response.aggregates ?? null,
        ...(page !== 'group' && response.groups && { groups: response.groups }),
        ...(response.nextGroups !== undefined && { nextGroups: response.nextGroups }),
        ...(ask.groupKey && { groupKey: ask.groupKey }),
      },
      started,
    ),
  );
  return events;
}

/** The request of a started fetch; the answer's `state` must be the current signature (protocol §8.4). */
export const loadCursorPage: Epic<S> = (event$, state$, { http }) =>
  event$.pipe(
    ofType(fetchStarted),
    mergeMap((started) => {
      const { name, page, signature, groupKey } = started.payload;
      const cursor = state$.value.cursors.byName[name];
      if (!cursor) return of();
      const ask = pageAsk(cursor, page, groupKey);
      const request = cursorListRequest(state$.value, name, ask, signature);
      if (!request) return of();
      return defer(() =>
        requestAnswer(
          http,
          request,
          (data) => answerEvents(state$, started, ask, data),
          (error) => fetchFailed({ name, page, error }, started),
        ),
      ).pipe(takeUntil(removedNamed(event$, removed, name)));
    }),
  );

/** An invalid list is asked again from its first page. */
export const refetchInvalidCursor: Epic<S> = (event$) =>
  event$.pipe(
    ofType(pageInvalidated),
    map((event) => fetchRequested({ name: event.payload.name }, event)),
  );
