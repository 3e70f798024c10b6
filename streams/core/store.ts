import { BehaviorSubject, type Observable, Subject, type Subscription } from 'rxjs';
import type { Deps } from './deps';
import type { Epic, StateObservable } from './epic';
import { serializeError } from './errors';
import type { AnyEvent, UnstampedEvent } from './event';
import { reducerFailed } from './system-events';

export type Reducer<S> = (state: S, event: AnyEvent) => S;

export interface EventSink<S> {
  append(event: AnyEvent, state: S): void;
}

export interface StoreOptions<S> {
  reducer: Reducer<S>;
  rootEpic: Epic<S>;
  deps: Deps;
  initialState: S;
  /** live: stamp, fold and run epics; replay: fold recorded events, epics off, intents blocked */
  mode?: 'live' | 'replay';
  recorder?: EventSink<S>;
}

export interface Store<S> {
  readonly mode: 'live' | 'replay';
  dispatch(event: UnstampedEvent | AnyEvent): void;
  getState(): S;
  state$: StateObservable<S>;
  event$: Observable<AnyEvent>;
  /** replay: folds recorded events as they are, then emits the state once */
  fold(events: readonly AnyEvent[], from?: S): void;
  destroy(): void;
}

function isStamped(event: UnstampedEvent | AnyEvent): event is AnyEvent {
  return typeof (event.meta as Partial<AnyEvent['meta']>).seq === 'number';
}

export function createStore<S>(options: StoreOptions<S>): Store<S> {
  const { reducer, rootEpic, deps, recorder } = options;
  const mode = options.mode ?? 'live';
  const stateSubject = new BehaviorSubject<S>(options.initialState);
  const state$ = Object.defineProperty(stateSubject.asObservable(), 'value', {
    get: () => stateSubject.value,
  }) as StateObservable<S>;
  const eventSubject = new Subject<AnyEvent>();
  const queue: Array<UnstampedEvent | AnyEvent> = [];
  let seq = 0;
  let draining = false;

  function stamp(event: UnstampedEvent): AnyEvent {
    seq += 1;
    return { ...event, meta: { ...event.meta, seq, id: deps.ids.next(), at: deps.clock.now() } };
  }

  function reduce(state: S, event: AnyEvent): S {
    try {
      return reducer(state, event);
    } catch (thrown) {
      // a throwing reducer must never take the epics down: it becomes an event of its own
      if (!reducerFailed.match(event)) {
        queue.push(
          reducerFailed({ eventType: event.type, eventSeq: event.meta.seq, error: serializeError(thrown) }),
        );
      }
      return state;
    }
  }

  // Order of one dispatch: stamp, reduce, publish state, record, then hand to the epics, so
  // epics always see the state that already includes the event.
  function process(input: UnstampedEvent | AnyEvent): void {
    const event = isStamped(input) ? input : stamp(input);
    if (isStamped(input)) seq = Math.max(seq, input.meta.seq);
    const next = reduce(stateSubject.value, event);
    if (next !== stateSubject.value) stateSubject.next(next);
    recorder?.append(event, next);
    eventSubject.next(event);
  }

  // Epic output arriving while an event is being handled waits in the queue: synchronous
  // chains run breadth-first instead of recursing.
  function dispatch(event: UnstampedEvent | AnyEvent): void {
    if (mode === 'replay' && !isStamped(event)) return;
    queue.push(event);
    if (draining) return;
    draining = true;
    try {
      while (queue.length > 0) process(queue.shift()!);
    } finally {
      draining = false;
    }
  }

  function fold(events: readonly AnyEvent[], from: S = stateSubject.value): void {
    let state = from;
    for (const event of events) state = reduce(state, event);
    queue.length = 0;
    stateSubject.next(state);
  }

  let epicSubscription: Subscription | undefined;
  if (mode === 'live') {
    epicSubscription = rootEpic(eventSubject.asObservable(), state$, deps).subscribe({ next: dispatch });
  }

  return {
    mode,
    dispatch,
    getState: () => stateSubject.value,
    state$,
    event$: eventSubject.asObservable(),
    fold,
    destroy() {
      epicSubscription?.unsubscribe();
      eventSubject.complete();
    },
  };
}
