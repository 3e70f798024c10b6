import { catchError, concat, defer, mergeMap, type Observable, of, retry, timer } from 'rxjs';
import type { Deps } from './deps';
import { ERROR_CODES, type SerializedError, serializeError } from './errors';
import type { UnstampedEvent } from './event';
import type { HttpRequest } from './http';

type Emitted = UnstampedEvent | readonly UnstampedEvent[];

const asEvents = (emitted: Emitted): readonly UnstampedEvent[] =>
  Array.isArray(emitted) ? emitted : [emitted as UnstampedEvent];

/** No HTTP answer came back (a reset connection, a network error after the request left). */
export function isAnswerLost(error: SerializedError): boolean {
  return error.code === ERROR_CODES.network;
}

/** The failure to say when the server state could not be read back either: nobody knows. */
export function unconfirmed(error: SerializedError): SerializedError {
  return { ...error, code: ERROR_CODES.unconfirmed };
}

export interface Reconcile<R> {
  /** said first: the answer was lost, the server state is being read back */
  lost: Emitted;
  /** what to read back (the list, the cart) */
  read: HttpRequest<R>;
  /**
   * From what the server holds now: the success event when the change is there, the failure
   * (rolled back, retry offered) when it is not.
   */
  decide: (data: R, error: SerializedError) => Emitted;
}

/**
 * A change request whose failure without an answer is reconciled before anything is rolled back
 * or offered again: the server may have applied it. The read back is tried
 * `config.reconcileReadAttempts` times (waiting `reconcileReadRetryMs`, doubled each time); when
 * it never answers, the failure says the outcome is unconfirmed (`error.network.unconfirmed`).
 * Any other failure (an HTTP answer) is a plain failure.
 */
export function requestOrReconcile<T, R>(
  deps: Deps,
  request: HttpRequest<T>,
  succeeded: (data: T, status: number) => Emitted,
  failed: (error: SerializedError) => Emitted,
  reconcile: () => Reconcile<R>,
): Observable<UnstampedEvent> {
  const { http, scheduler, config } = deps;
  return http.request(request).pipe(
    mergeMap(({ data, status }) => asEvents(succeeded(data, status))),
    catchError((thrown: unknown) => {
      const error = serializeError(thrown);
      if (!isAnswerLost(error)) return asEvents(failed(error));
      const { lost, read, decide } = reconcile();
      const readBack = defer(() => http.request(read)).pipe(
        retry({
          count: Math.max(0, config.reconcileReadAttempts - 1),
          delay: (_error, attempt) => timer(config.reconcileReadRetryMs * 2 ** (attempt - 1), scheduler),
        }),
        mergeMap(({ data }) => asEvents(decide(data, error))),
        catchError(() => asEvents(failed(unconfirmed(error)))),
      );
      return concat(of(...asEvents(lost)), readBack);
    }),
  );
}
