import { BehaviorSubject, type Observable, Subject, type Subscription } from 'rxjs';
import type { Deps } from './deps';
import type { Epic, StateObservable } from './epic';
import { serializeError } from './errors';
import type { AnyEvent, UnstampedEvent } from './event';
import { type InputSource, type Origin, recordedDeps } from './recorded-inputs';
import { reducerFailed } from './system-events';

export type Reducer<S> = (state: S, event: AnyEvent) => S;

export interface EventSink<S> {
  append(event: AnyEvent, state: S): void;
}

interface StoreOptions<S> {
  reducer: Reducer<S>;
  rootEpic: Epic<S>;
  deps: Deps;
  initialState: S;
  /** live: stamp, fold and run epics; replay: fold recorded events, epics off, intents blocked */
  mode?: 'live' | 'replay';
  recorder?: EventSink<S>;
  /**
   * Records the epics' inputs as events (streams/core/recorded-inputs.ts): the live portal with
   * `liveInputs`, a re-simulation with the log's. Without it (most tests) the deps go as given.
   */
  inputs?: InputSource;
}

/** Sees every event with the state before and after it (the devtools' state diffs). */
type Inspector<S> = (event: AnyEvent, before: S, after: S) => void;

export interface Store<S> {
  readonly mode: 'live' | 'replay';
  /**
   * Stamps and folds the event; returns it stamped (its `meta.id` keys the request it starts),
   * or null when it was dropped: intents are dropped in replay mode and while travelling.
   */
  dispatch(event: UnstampedEvent | AnyEvent): AnyEvent | null;
  /** the live state */
  getState(): S;
  /** the live state: what the epics read */
  state$: StateObservable<S>;
  /** what the views show: the live state, or the travelled-to state while travelling */
  view$: StateObservable<S>;
  /** true while the views show a travelled-to state */
  travelling$: StateObservable<boolean>;
  /**
   * Time travel: the views show `state`, read-only (intents are dropped) while the live state
   * and the epics carry on unaware, so a jump never wakes an epic. `null` goes back to live.
   */
  travel(state: S | null): void;
  /** calls `inspector` for each event until the returned function is called */
  inspect(inspector: Inspector<S>): () => void;
  event$: Observable<AnyEvent>;
  /** replay: folds recorded events as they are, then emits the state once */
  fold(events: readonly AnyEvent[], from?: S): void;
  destroy(): void;
}

function withValue<T>(subject: BehaviorSubject<T>): StateObservable<T> {
  return Object.defineProperty(subject.asObservable(), 'value', {
    get: () => subject.value,
  }) as StateObservable<T>;
}

function isStamped(event: UnstampedEvent | AnyEvent): event is AnyEvent {
  return typeof (event.meta as Partial<AnyEvent['meta']>).seq === 'number';
}

export function createStore<S>(options: StoreOptions<S>): Store<S> {
  const { reducer, rootEpic, deps, recorder } = options;
  const mode = options.mode ?? 'live';
  const stateSubject = new BehaviorSubject<S>(options.initialState);
  const state$ = withValue(stateSubject);
  const viewSubject = new BehaviorSubject<S>(options.initialState);
  const travellingSubject = new BehaviorSubject(false);
  const inspectors = new Set<Inspector<S>>();
  const eventSubject = new Subject<AnyEvent>();
  const queue: AnyEvent[] = [];
  let seq = 0;
  let draining = false;
  /** where an event reaching the store while no event is handled comes from (recorded inputs) */
  let origin: Origin | null = null;
  /** the instant of the input being handled: one time for all it sets off */
  let instant: number | undefined;
  const now = () => instant ?? deps.clock.now();

  function stamp(event: UnstampedEvent): AnyEvent {
    seq += 1;
    return { ...event, meta: { ...event.meta, seq, id: deps.ids.next(), at: now() } };
  }

  /** Runs `work` at one instant, under `next` as the origin of what reaches the store. */
  function within<T>(next: Origin | null, work: () => T): T {
    const outer = { origin, instant };
    origin = next;
    instant ??= deps.clock.now();
    try {
      return work();
    } finally {
      origin = outer.origin;
      instant = outer.instant;
    }
  }

  /**
   * What a re-simulation feeds as recorded (`meta.input`): what a person or the browser did, and
   * what an http answer set off (`meta.request`). An event emitted while the epics handle another
   * is recomputed, and so is what a timer's work, a port's report or the start emits. Null: a
   * re-simulation drops it (emitted in an answer window, where the recorded events stand in).
   */
  function classified(event: UnstampedEvent, outside: boolean): UnstampedEvent | null {
    if (!options.inputs || event.meta.input) return event;
    if (outside || (!draining && origin === null)) return { ...event, meta: { ...event.meta, input: true } };
    if (!draining && origin?.kind === 'answer') {
      if (options.inputs.replaying) return null;
      return { ...event, meta: { ...event.meta, input: true, request: origin.requestId } };
    }
    return event;
  }

  // a throwing reducer must never take the epics down: it becomes an event of its own
  let failure: UnstampedEvent | null = null;
  function reduce(state: S, event: AnyEvent): S {
    try {
      return reducer(state, event);
    } catch (thrown) {
      if (!reducerFailed.match(event)) {
        failure = reducerFailed({
          eventType: event.type,
          eventSeq: event.meta.seq,
          error: serializeError(thrown),
        });
      }
      return state;
    }
  }

  // Order of one dispatch: stamp, reduce, publish state, record, then hand to the epics, so
  // epics always see the state that already includes the event.
  function process(event: AnyEvent): void {
    const before = stateSubject.value;
    const next = reduce(before, event);
    if (failure) {
      queue.push(stamp(failure));
      failure = null;
    }
    if (next !== before) publish(next);
    recorder?.append(event, next);
    for (const inspector of inspectors) inspector(event, before, next);
    eventSubject.next(event);
  }

  function publish(state: S): void {
    stateSubject.next(state);
    if (!travellingSubject.value) viewSubject.next(state);
  }

  // Epic output arriving while an event is being handled waits in the queue: synchronous
  // chains run breadth-first instead of recursing. Events are stamped as they join the queue,
  // which is the order they are folded in, so seq still grows with each fold.
  function enqueue(input: UnstampedEvent | AnyEvent, outside = false): AnyEvent | null {
    if (isStamped(input)) seq = Math.max(seq, input.meta.seq);
    return within(origin, () => {
      const kept = isStamped(input) ? input : classified(input, outside);
      if (!kept) return null;
      const event = isStamped(kept) ? kept : stamp(kept);
      queue.push(event);
      if (draining) return event;
      draining = true;
      try {
        while (queue.length > 0) process(queue.shift()!);
      } finally {
        draining = false;
      }
      return event;
    });
  }

  function dispatch(event: UnstampedEvent | AnyEvent): AnyEvent | null {
    const intent = !isStamped(event);
    if (intent && (mode === 'replay' || travellingSubject.value)) return null;
    return enqueue(event, intent);
  }

  function travel(state: S | null): void {
    travellingSubject.next(state !== null);
    viewSubject.next(state ?? stateSubject.value);
  }

  function fold(events: readonly AnyEvent[], from: S = stateSubject.value): void {
    let state = from;
    for (const event of events) state = reduce(state, event);
    failure = null;
    publish(state);
  }

  let epicSubscription: Subscription | undefined;
  if (mode === 'live') {
    const epicDeps = options.inputs
      ? recordedDeps(deps, options.inputs, {
          emit: (event) => enqueue(event),
          within,
          now,
        })
      : deps;
    epicSubscription = within({ kind: 'start' }, () =>
      rootEpic(eventSubject.asObservable(), state$, epicDeps).subscribe({ next: (event) => enqueue(event) }),
    );
  }

  return {
    mode,
    dispatch,
    getState: () => stateSubject.value,
    state$,
    view$: withValue(viewSubject),
    travelling$: withValue(travellingSubject),
    travel,
    inspect(inspector) {
      inspectors.add(inspector);
      return () => inspectors.delete(inspector);
    },
    event$: eventSubject.asObservable(),
    fold,
    destroy() {
      epicSubscription?.unsubscribe();
      eventSubject.complete();
    },
  };
}
