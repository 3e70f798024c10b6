import {
  catchError,
  defer,
  EMPTY,
  filter,
  merge,
  mergeMap,
  Observable,
  of,
  retry,
  Subscription,
  timer,
} from 'rxjs';
import { backoffMs } from './backoff';
import type { Deps } from './deps';
import { ERROR_CODES, type SerializedError, serializeError } from './errors';
import type { Epic } from './epic';
import type { AnyEvent, AppEvent, UnstampedEvent } from './event';
import type { HttpRequest } from './http';
import {
  asEvents,
  type Emitted,
  flattenWith,
  type RequestEpicOptions,
  type Trigger,
  type Triggered,
  triggerOf,
} from './request';

/** No HTTP answer came back (a reset connection, a network error after the request left). */
export function isAnswerLost(error: SerializedError): boolean {
  return error.code === ERROR_CODES.network;
}

/** The failure to say when the server state could not be read back either: nobody knows. */
function unconfirmed(error: SerializedError): SerializedError {
  return { ...error, code: ERROR_CODES.unconfirmed };
}

export interface Reconcile<R> {
  /**
   * said first: the answer was lost, the server state is being read back. A server fact (source
   * `server`, caused by the trigger, carrying the error as `error`), which the read back follows.
   */
  lost: (error: SerializedError) => UnstampedEvent;
  /** what to read back (the list, the cart) */
  read: HttpRequest<R>;
  /**
   * From what the server holds now: the success event when the change is there, the failure
   * (rolled back, retry offered) when it is not.
   */
  decide: (data: R, error: SerializedError) => Emitted;
}

/** A trigger whose request may still be reconciled, with the state it came in. */
interface Pending<E, S> {
  event: E;
  state: S;
}

/**
 * A change request whose failure without an answer is reconciled before anything is rolled back
 * or offered again: the server may have applied it. Only the lost answer is said here (`lost`,
 * a server event caused by the trigger); the read back is `readBackOnLost`'s, driven by that
 * event. The returned observable completes when the change is settled (its answer, its failure,
 * or the read back's verdict after a lost answer), so `concat` keeps changes in order. Any other
 * failure (an HTTP answer) is a plain failure.
 */
function requestOrReconcile<T, E extends AnyEvent, S>(
  deps: Deps,
  event$: Observable<AnyEvent>,
  pending: Map<string, Pending<E, S>>,
  trigger: Pending<E, S>,
  request: HttpRequest<T>,
  succeeded: (data: T, status: number) => Emitted,
  failed: (error: SerializedError) => Emitted,
  lost: (error: SerializedError) => UnstampedEvent,
  isLost: (event: AnyEvent) => boolean,
): Observable<UnstampedEvent> {
  return new Observable<UnstampedEvent>((subscriber) => {
    const id = trigger.event.meta.id;
    pending.set(id, trigger);
    let answered = false;
    let wasLost = false;
    let settled = false;
    const check = () => {
      if (answered && (!wasLost || settled)) subscriber.complete();
    };
    const subscription = new Subscription(() => pending.delete(id));
    // what the store says about this trigger: the lost answer (live or recorded), then its verdict
    subscription.add(
      event$.pipe(filter((event) => event.meta.cause === id)).subscribe((event) => {
        if (event.meta.source !== 'server') return;
        if (isLost(event)) wasLost = true;
        else if (wasLost) settled = true;
        check();
      }),
    );
    subscription.add(
      deps.http
        .request(request)
        .pipe(
          mergeMap(({ data, status }) => asEvents(succeeded(data, status))),
          catchError((thrown: unknown) => {
            const error = serializeError(thrown);
            if (!isAnswerLost(error)) return asEvents(failed(error));
            wasLost = true;
            return of(lost(error));
          }),
        )
        .subscribe({
          next: (event) => subscriber.next(event),
          error: (error: unknown) => subscriber.error(error),
          complete: () => {
            answered = true;
            check();
          },
        }),
    );
    return subscription;
  });
}

/**
 * The read back a lost answer drives: on the lost event of a pending trigger, what the server
 * holds is read (`config.reconcileReadAttempts` times, waiting `reconcileReadRetryMs`, doubled
 * each time) and decided from; when it never answers, the failure says the outcome is
 * unconfirmed (`error.network.unconfirmed`). The verdict is caused by the trigger, like its answer
 * would have been.
 */
function readBackOnLost<E extends AnyEvent, S, R>(
  deps: Deps,
  event$: Observable<AnyEvent>,
  isLost: (event: AnyEvent) => boolean,
  pending: Map<string, Pending<E, S>>,
  reconcile: (trigger: Pending<E, S>) => Reconcile<R>,
  failed: (error: SerializedError, trigger: E) => Emitted,
): Observable<UnstampedEvent> {
  const { http, scheduler, config } = deps;
  return event$.pipe(
    filter((event) => event.meta.source === 'server' && event.meta.cause !== undefined && isLost(event)),
    mergeMap((event) => {
      const trigger = pending.get(event.meta.cause!);
      const error = (event.payload as { error?: SerializedError }).error;
      if (!trigger || !error) return EMPTY;
      const { read, decide } = reconcile(trigger);
      return defer(() => http.request(read)).pipe(
        retry({
          count: Math.max(0, config.reconcileReadAttempts - 1),
          delay: (_error, attempt) => timer(backoffMs(attempt, config.reconcileReadRetryMs), scheduler),
        }),
        mergeMap(({ data }) => asEvents(decide(data, error))),
        catchError(() => asEvents(failed(unconfirmed(error), trigger.event))),
      );
    }),
  );
}

interface ReconcilingOptions<S, M extends Trigger<AppEvent>, T, R> extends RequestEpicOptions<S, M, T> {
  /**
   * A change the server may have applied although no answer came back: the event that says so,
   * what to read back and how to decide from it. `state` is the state when the trigger came.
   */
  reconcile: (event: Triggered<M>, state: S, deps: Deps) => Reconcile<R>;
  /** the event `reconcile`'s `lost` makes (its definition): it drives the read back */
  lostAnswer: { match(event: { type: string }): boolean };
}

/**
 * `requestEpic` for a change whose lost answer is reconciled from the server state before anything
 * is rolled back or offered again (protocol: the server may have saved it).
 */
export function reconcilingRequestEpic<S, M extends Trigger<AppEvent>, T, R>(
  options: ReconcilingOptions<S, M, T, R>,
): Epic<S> {
  const isTrigger = triggerOf(options.on);
  return (event$, state$, deps) => {
    const { reconcile, lostAnswer } = options;
    const pending = new Map<string, Pending<Triggered<M>, S>>();
    const isLost = (event: AnyEvent) => lostAnswer.match(event);
    const requests$ = event$.pipe(
      filter(isTrigger),
      filter((event) => options.when?.(event, state$.value) ?? true),
      flattenWith(options.flatten, (event) => {
        const refusal = options.refuse?.(event, state$.value);
        if (refusal) return of(...asEvents(refusal));
        const state = state$.value;
        return requestOrReconcile(
          deps,
          event$,
          pending,
          { event, state },
          options.call(event, state, deps),
          (data, status) => options.succeeded(data, event, status, deps, state$.value),
          (error) => options.failed(error, event),
          (error) => reconcile(event, state, deps).lost(error),
          isLost,
        );
      }),
    );
    // the read back follows the lost answer's event, wherever it came from
    const readBacks$ = readBackOnLost(
      deps,
      event$,
      isLost,
      pending,
      ({ event, state }) => reconcile(event, state, deps),
      (error, event) => options.failed(error, event),
    );
    return merge(requests$, readBacks$);
  };
}
