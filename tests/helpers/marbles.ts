import { filter, map, type Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { expect } from 'vitest';
import type { Deps } from '../../streams/core/deps';
import type { Epic } from '../../streams/core/epic';
import type { AnyEvent } from '../../streams/core/event';
import type { InputSource } from '../../streams/core/recorded-inputs';
import { createStore, type Store } from '../../streams/core/store';
import { initialRootState, type RootState } from '../../streams/root';
import { rootReducer } from './all-domains';

/**
 * One TestScheduler per test, always used through `run()`.
 * @example marbleScheduler().run(({ hot, cold, expectObservable }) => { ... });
 */
export function marbleScheduler(): TestScheduler {
  return new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
}

/**
 * The real store with the real reducers and only the epics under test, so an epic sees the
 * state its own events produce.
 * @example const store = epicStore(deps, sendLogBatches); hot('a', { a: entry }).subscribe(store.dispatch);
 */
export function epicStore(
  deps: Deps,
  epic: Epic<RootState>,
  initialState: RootState = initialRootState,
  /** records timers, requests and outside reads as events, as the live portal does */
  inputs?: InputSource,
): Store<RootState> {
  return createStore({ reducer: rootReducer, rootEpic: epic, deps, initialState, ...(inputs && { inputs }) });
}

/**
 * The types of the events a store dispatches, for `expectObservable`.
 * @example expectObservable(typesOf(store, 'logs/')).toBe('10000ms a', { a: 'logs/batchSent' });
 */
export function typesOf(store: Store<RootState>, prefix = ''): Observable<string> {
  return store.event$.pipe(
    map((event: AnyEvent) => event.type),
    filter((type) => type.startsWith(prefix)),
  );
}

/**
 * Folds events through the root reducer, stamping meta like the store would.
 * @example const state = fold([started(startPayload), infoLoaded({ infos })]);
 */
export function fold(
  events: Array<
    Pick<AnyEvent, 'type' | 'payload' | 'error'> & { meta: { source: AnyEvent['meta']['source'] } }
  >,
  from: RootState = initialRootState,
  at = 0,
): RootState {
  return events.reduce<RootState>(
    (state, event, index) =>
      rootReducer(state, { ...event, meta: { ...event.meta, seq: index + 1, id: `e${index + 1}`, at } }),
    from,
  );
}
