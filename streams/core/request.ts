import {
  catchError,
  concat,
  concatMap,
  exhaustMap,
  filter,
  isObservable,
  mergeMap,
  type Observable,
  of,
  type OperatorFunction,
  switchMap,
  takeUntil,
} from 'rxjs';
import type { Deps } from './deps';
import type { Epic } from './epic';
import { type SerializedError, serializeError } from './errors';
import type { AnyEvent, AppEvent, UnstampedEvent } from './event';
import type { Http, HttpRequest } from './http';

export type Emitted = UnstampedEvent | readonly UnstampedEvent[];

export function asEvents(emitted: Emitted): readonly UnstampedEvent[] {
  return Array.isArray(emitted) ? emitted : [emitted as UnstampedEvent];
}

/**
 * One request turned into events: the success event(s) from the answer, or the failure event
 * from the error, serialised once (or a flow, such as a read back after a lost answer). The
 * `catchError` sits on the request itself, so a failure never ends the epic that called it.
 */
export function requestAnswer<T>(
  http: Http,
  request: HttpRequest<T>,
  succeeded: (data: T, status: number) => Emitted,
  failed: (error: SerializedError) => Emitted | Observable<UnstampedEvent>,
): Observable<UnstampedEvent> {
  return http.request(request).pipe(
    mergeMap(({ data, status }) => asEvents(succeeded(data, status))),
    catchError((thrown: unknown) => {
      const out = failed(serializeError(thrown));
      return isObservable(out) ? out : asEvents(out);
    }),
  );
}

/** How a request epic treats a new trigger while an earlier request is still on its way. */
export type Flatten = 'switch' | 'merge' | 'concat' | 'exhaust';

/** The flattening operator named by `flatten`. */
export function flattenWith<I, O>(
  flatten: Flatten,
  project: (input: I) => Observable<O>,
): OperatorFunction<I, O> {
  switch (flatten) {
    case 'switch':
      return switchMap(project);
    case 'merge':
      return mergeMap(project);
    case 'concat':
      return concatMap(project);
    case 'exhaust':
      return exhaustMap(project);
  }
}

export interface Trigger<E extends AppEvent> {
  match(event: { type: string }): event is E;
}

export type Triggered<M> = M extends Trigger<infer E> ? E : never;

export interface RequestEpicOptions<S, M extends Trigger<AppEvent>, T> {
  /** the events that start a request */
  on: M | readonly M[];
  /** what to do with a trigger while a request is on its way: switch (newest wins), merge, concat, exhaust */
  flatten: Flatten;
  /** skips a trigger (a busy status, a missing identity) */
  when?: (event: Triggered<M>, state: S) => boolean;
  /** answers a trigger locally without a request (a refused name): the event to emit, or null to go on */
  refuse?: (event: Triggered<M>, state: S) => Emitted | null;
  /** an event emitted as the request leaves (the status goes `fetching` only when one does) */
  started?: (event: Triggered<M>, state: S, deps: Deps) => UnstampedEvent;
  /** the request of a trigger */
  call: (event: Triggered<M>, state: S, deps: Deps) => HttpRequest<T>;
  /** the events of an answer; `state` is the state as the answer arrives */
  succeeded: (data: T, event: Triggered<M>, status: number, deps: Deps, state: S) => Emitted;
  failed: (error: SerializedError, event: Triggered<M>) => Emitted;
  /** what drops a request on its way, unanswered (the list it fills was removed) */
  until?: (event: Triggered<M>, event$: Observable<AnyEvent>) => Observable<unknown>;
}

/** The triggers of a request epic, as one type guard. */
export function triggerOf<M extends Trigger<AppEvent>>(
  on: M | readonly M[],
): (event: AnyEvent) => event is Triggered<M> {
  const triggers: readonly M[] = Array.isArray(on) ? on : [on as M];
  return (event): event is Triggered<M> => triggers.some((trigger) => trigger.match(event));
}

/**
 * The usual request epic: trigger → (refusal |) request → success or failure event. A change the
 * server may have applied although its answer was lost uses `reconcilingRequestEpic` instead
 * (streams/core/reconcile.ts).
 */
export function requestEpic<S, M extends Trigger<AppEvent>, T>(
  options: RequestEpicOptions<S, M, T>,
): Epic<S> {
  const isTrigger = triggerOf(options.on);
  return (event$, state$, deps) =>
    event$.pipe(
      filter(isTrigger),
      filter((event) => options.when?.(event, state$.value) ?? true),
      flattenWith(options.flatten, (event) => {
        const refusal = options.refuse?.(event, state$.value);
        if (refusal) return of(...asEvents(refusal));
        const answer$ = requestAnswer(
          deps.http,
          options.call(event, state$.value, deps),
          (data, status) => options.succeeded(data, event, status, deps, state$.value),
          (error) => options.failed(error, event),
        );
        const request$ = options.started
          ? concat(of(options.started(event, state$.value, deps)), answer$)
          : answer$;
        return options.until ? request$.pipe(takeUntil(options.until(event, event$))) : request$;
      }),
    );
}
