import { NEVER, Observable, type SchedulerLike } from 'rxjs';
import type { AnyEvent, UnstampedEvent } from '../core/event';
import type { Http, HttpRequest } from '../core/http';

export interface UnansweredRequest {
  method: string;
  path: string;
  at: number;
}

export interface RecordedHttp extends Http {
  /** the event the store is handing to the epics right now, if any (set by the re-simulation) */
  context: AnyEvent | undefined;
  /** an event of the re-simulation happened; a recorded one it matched can no longer be an answer */
  seen(event: AnyEvent, recorded: AnyEvent | undefined): void;
  readonly unanswered: readonly UnansweredRequest[];
}

/** The event as an epic would emit it: the store stamps seq, id and at again. */
export function unstamp(event: AnyEvent): UnstampedEvent {
  const { seq: _seq, id: _id, at: _at, ...meta } = event.meta;
  return event.error ? { type: event.type, payload: event.payload, error: true, meta } : { ...event, meta };
}

/**
 * An `http` for re-simulation that answers each request with a recorded server event. The
 * answer is the recorded server event caused by the event being handled when the request is
 * made; a request made later (after a debounce or a timer) takes the earliest recorded answer
 * whose cause has already happened. The answer is dispatched at its recorded time (at once if
 * the request comes later than that) and the request then completes without a value, so the
 * epic's own mapping never runs: the recorded event stands for it. A request without a recorded
 * answer never answers (it was in flight when the log was exported, or the run diverged).
 */
export function recordedHttp(
  answers: readonly AnyEvent[],
  scheduler: SchedulerLike,
  dispatch: (event: UnstampedEvent) => void,
): RecordedHttp {
  const pool = new Set(answers);
  const happened = new Set<string>();
  const unanswered: UnansweredRequest[] = [];
  const http: RecordedHttp = {
    context: undefined,
    unanswered,
    notices$: NEVER,
    seen(event, recorded) {
      happened.add(event.meta.id);
      if (recorded) pool.delete(recorded);
    },
    request<T>(request: HttpRequest<T>): Observable<never> {
      const answer = pick(http.context);
      if (!answer) {
        unanswered.push({ method: request.method, path: request.path, at: scheduler.now() });
        return NEVER;
      }
      pool.delete(answer);
      return new Observable<never>((subscriber) => {
        const delay = Math.max(0, answer.meta.at - scheduler.now());
        const action = scheduler.schedule(() => {
          dispatch(unstamp(answer));
          subscriber.complete();
        }, delay);
        return () => {
          // cancelled before it answered (switchMap, takeUntil): another request may take it
          if (!subscriber.closed) pool.add(answer);
          action.unsubscribe();
        };
      });
    },
  };

  function pick(context: AnyEvent | undefined): AnyEvent | undefined {
    let earliest: AnyEvent | undefined;
    for (const answer of pool) {
      if (context && answer.meta.cause === context.meta.id) return answer;
      const cause = answer.meta.cause;
      if (cause !== undefined && happened.has(cause) && (!earliest || answer.meta.at < earliest.meta.at)) {
        earliest = answer;
      }
    }
    return earliest;
  }

  return http;
}
