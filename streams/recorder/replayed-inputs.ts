import { Observable, type Subscriber } from 'rxjs';
import type { AnyEvent } from '../core/event';
import { type InputSource, type OutsidePort, type PortCall, recordedError } from '../core/recorded-inputs';
import type { SerializedError } from '../core/errors';
import { outsideRead } from '../core/system-events';

/**
 * The inputs of a re-simulation, from the log: a timer fires only when the driver fires its key
 * (its recorded `system/timerFired` came), a request is answered only by the driver (its
 * recorded answer events are fed, then it ends as `system/requestEnded` says), and a value read
 * outside the state is the one the log's next `system/outsideRead` of that key holds.
 */
interface ReplayedInputs extends InputSource {
  /** runs the work of the armed timer `key`; false when no timer of that key is armed */
  fire(key: string): boolean;
  /** hands a recorded value to the pending request `requestId` (its re-simulated id); false when none is pending */
  report(requestId: string, value: unknown): boolean;
  /** ends the pending request `requestId`; false when none is pending */
  end(requestId: string, error: SerializedError | undefined): boolean;
  /** the request the epics made now is the recorded one of that id */
  claim(requestId: string): void;
  /**
   * The oldest request made in an answer window (its `requestSent` dropped) that asks what `call`
   * asks: the recorded request of that call is this one. Undefined when there is none.
   */
  claimAlike(call: PortCall): string | undefined;
}

export function replayedInputs(recorded: readonly AnyEvent[], position: () => number): ReplayedInputs {
  const armed = new Map<string, () => void>();
  const pending = new Map<string, Subscriber<unknown>>();
  /** requests made and not yet paired with a recorded one, in the order they were made */
  const unclaimed = new Map<string, PortCall>();
  const readsTaken = new Set<number>();
  return {
    replaying: true,
    arm(key, _delay, fire) {
      armed.set(key, fire);
      return { unsubscribe: () => armed.get(key) === fire && armed.delete(key) };
    },
    fire(key) {
      const fire = armed.get(key);
      if (!fire) return false;
      armed.delete(key);
      fire();
      return true;
    },
    answer(requestId, call) {
      unclaimed.set(requestId, call);
      return new Observable<unknown>((subscriber) => {
        pending.set(requestId, subscriber);
        return () => pending.delete(requestId);
      }) as Observable<never>;
    },
    report(requestId, value) {
      const subscriber = pending.get(requestId);
      subscriber?.next(value);
      return subscriber !== undefined;
    },
    end(requestId, error) {
      const subscriber = pending.get(requestId);
      if (!subscriber) return false;
      pending.delete(requestId);
      if (error) subscriber.error(recordedError(error));
      else subscriber.complete();
      return true;
    },
    claim(requestId) {
      unclaimed.delete(requestId);
    },
    claimAlike(call) {
      for (const [requestId, made] of unclaimed) {
        if (made.port !== call.port || made.method !== call.method || made.path !== call.path) continue;
        unclaimed.delete(requestId);
        return requestId;
      }
      return undefined;
    },
    read(port: OutsidePort, key: string) {
      // reads of one key come in the same order as live: the first one not taken from here on
      for (let index = position(); index < recorded.length; index += 1) {
        const event = recorded[index]!;
        if (readsTaken.has(index) || !outsideRead.match(event)) continue;
        if (event.payload.port !== port || event.payload.key !== key) continue;
        readsTaken.add(index);
        return { value: event.payload.value };
      }
      return null;
    },
  };
}
