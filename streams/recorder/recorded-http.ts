import { NEVER, Observable, type SchedulerLike } from 'rxjs';
import type { AnyEvent, UnstampedEvent } from '../core/event';
import type { Http, HttpRequest } from '../core/http';

export interface UnansweredRequest {
  method: string;
  path: string;
  at: number;
}

export interface RecordedHttp extends Http {
  /** the recorded id of the event the epics are handling right now, if any */
  context: string | undefined;
  /** the re-simulation reproduced this recorded event: it happened, and is no answer to take */
  seen(recorded: AnyEvent): void;
  /** a request took this recorded answer, which comes at its recorded time */
  delivers(recorded: AnyEvent): boolean;
  readonly unanswered: readonly UnansweredRequest[];
}

/** The event as an epic would emit it: the store stamps seq, id and at again. */
export function unstamp(event: AnyEvent): UnstampedEvent {
  const { seq: _seq, id: _id, at: _at, ...meta } = event.meta;
  return event.error ? { type: event.type, payload: event.payload, error: true, meta } : { ...event, meta };
}

/**
 * An `http` for re-simulation that answers each request with a recorded server event (ids are
 * the recording's: the re-simulation translates them both ways). The
 * answer is the recorded server event caused by the event being handled when the request is
 * made, or, when that event is itself an answer (a lost answer driving a read back), an answer to
 * the same cause; a request made later (after a debounce or a timer) takes the earliest recorded answer
 * whose cause has already happened. The answer is dispatched at its recorded time (at once if
 * the request comes later than that) and the request then completes without a value, so the
 * epic's own mapping never runs: the recorded event stands for it (and for what the mapping
 * emitted with it: see `emittedWith` in resimulate.ts). A request without a recorded
 * answer never answers (it was in flight when the log was exported, or the run diverged).
 */
export function recordedHttp(
  answers: readonly AnyEvent[],
  scheduler: SchedulerLike,
  deliver: (answer: AnyEvent) => void,
): RecordedHttp {
  const pool = new Set(answers);
  /** recorded answer id -> the event it answered */
  const causeOf = new Map(answers.map((answer) => [answer.meta.id, answer.meta.cause]));
  const delivering = new Set<AnyEvent>();
  const happened = new Set<string>();
  const unanswered: UnansweredRequest[] = [];
  const http: RecordedHttp = {
    context: undefined,
    unanswered,
    notices$: NEVER,
    seen(recorded) {
      happened.add(recorded.meta.id);
      pool.delete(recorded);
    },
    delivers: (recorded) => delivering.has(recorded),
    request<T>(request: HttpRequest<T>): Observable<never> {
      const answer = pick(http.context);
      if (!answer) {
        unanswered.push({ method: request.method, path: request.path, at: scheduler.now() });
        return NEVER;
      }
      pool.delete(answer);
      return new Observable<never>((subscriber) => {
        const delay = Math.max(0, answer.meta.at - scheduler.now());
        delivering.add(answer);
        const action = scheduler.schedule(() => {
          delivering.delete(answer);
          deliver(answer);
          subscriber.complete();
        }, delay);
        return () => {
          // cancelled before it answered (switchMap, takeUntil): another request may take it
          if (!subscriber.closed) {
            delivering.delete(answer);
            pool.add(answer);
          }
          action.unsubscribe();
        };
      });
    },
  };

  function pick(context: string | undefined): AnyEvent | undefined {
    let earliest: AnyEvent | undefined;
    let followUp: AnyEvent | undefined;
    const contextCause = context === undefined ? undefined : causeOf.get(context);
    for (const answer of pool) {
      if (context !== undefined && answer.meta.cause === context) return answer;
      if (
        contextCause !== undefined &&
        answer.meta.cause === contextCause &&
        (!followUp || answer.meta.at < followUp.meta.at)
      )
        followUp = answer;
      const cause = answer.meta.cause;
      if (cause !== undefined && happened.has(cause) && (!earliest || answer.meta.at < earliest.meta.at)) {
        earliest = answer;
      }
    }
    return followUp ?? earliest;
  }

  return http;
}
