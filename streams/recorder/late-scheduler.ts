import type { SchedulerAction, SchedulerLike } from 'rxjs';
import type { AnyEvent } from '../core/event';
import type { RecordedHttp } from './recorded-http';

/**
 * The epics' scheduler, firing each timer as late as the live one fired. A live timer (a debounce,
 * a poll, a delay) fires late whenever the page is busy, by tens of milliseconds or by seconds,
 * and then after inputs a user made in the meantime; firing it on time would reorder it with those
 * inputs and call the run diverged although the epics did the same. The log tells how late: a
 * timer due now waits while the earliest recorded event not yet reproduced is an input, or comes
 * later than now. A timer that really fires at another time (a changed constant) still shows: a
 * timer is never fired earlier than its due time, and a what-if run with other constants
 * (`options.config`) fires its timers when they fall due.
 *
 * Timers are numbered in the order the epics set them (the run is deterministic, so a number names
 * the same timer in the next run). The log cannot tell whether a due timer that emitted nothing
 * fired before the next input or answer or after it; when waiting was the wrong guess, the next run
 * names it `prompt` and fires it when due. `held` ones never fire: the live one had not fired yet
 * when the log was exported. `running` names the timer whose work runs now, if any, and
 * `runningWaited` says whether it waited past its due time.
 */
export interface LateScheduler extends SchedulerLike {
  readonly running: number | undefined;
  readonly runningWaited: boolean;
}

export function lateAsRecorded(
  scheduler: SchedulerLike,
  fedAsRecorded: (event: AnyEvent) => boolean,
  nextExpected: () => AnyEvent | undefined,
  http: RecordedHttp,
  retried: RetriedTimers,
): LateScheduler {
  const waitFor = (): number => {
    const expected = nextExpected();
    if (!expected) return -1;
    const ahead = expected.meta.at - scheduler.now();
    // what comes at its recorded time anyway: an input, an answer to a request already made
    if (fedAsRecorded(expected) || http.delivers(expected)) return Math.max(0, ahead);
    // timers due together fire in the order they fell due, at the time the live page recorded
    return ahead > 0 ? ahead : -1;
  };
  let timers = 0;
  const late = {
    running: undefined as number | undefined,
    runningWaited: false,
    now: () => scheduler.now(),
    schedule<T>(work: (this: SchedulerAction<T>, state?: T) => void, delay?: number, state?: T) {
      const timer = timers++;
      let waitedAt: number | undefined;
      let waited = false;
      return scheduler.schedule<T>(
        function gated(this: SchedulerAction<T>, value?: T) {
          if (retried.held.has(timer)) return;
          const wait = retried.prompt.has(timer) ? -1 : waitFor();
          // what is due now comes first (the timer goes after it at the same instant), then the
          // timer looks again, once: an input that could not be fed does not hold it forever
          if (wait > 0 || (wait === 0 && waitedAt !== scheduler.now())) {
            waitedAt = scheduler.now();
            waited = true;
            this.schedule(value, wait);
            return;
          }
          late.running = timer;
          late.runningWaited = waited;
          waited = false;
          try {
            work.call(this, value);
          } finally {
            late.running = undefined;
          }
        },
        delay,
        state,
      );
    },
  };
  return late;
}

/** Timers a run guessed wrong about, fired otherwise by the next run. */
export interface RetriedTimers {
  /** fired when due, not after the inputs and answers recorded next */
  prompt: Set<number>;
  /** never fired: the live page had not fired them when the log was exported */
  held: Set<number>;
}
