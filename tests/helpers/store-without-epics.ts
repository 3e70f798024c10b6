import { EMPTY } from 'rxjs';
import type { Deps } from '../../streams/core/deps';
import { createStore, type EventSink, type Reducer, type Store } from '../../streams/core/store';
import { initialRootState, type RootState } from '../../streams/root';
import { rootReducer } from './all-domains';
import { testDeps } from './test-deps';

interface Options<S> {
  initialState: S;
  deps?: Deps;
  recorder?: EventSink<S>;
}

/**
 * A live store whose epics are off: events are stamped, folded and recorded, nothing else runs.
 * @example const store = storeWithoutEpics({ reducer: counterReducer, initialState, recorder });
 */
export function storeWithoutEpics<S>({
  reducer,
  initialState,
  deps = testDeps(),
  recorder,
}: Options<S> & { reducer: Reducer<S> }): Store<S> {
  return createStore({
    reducer,
    rootEpic: () => EMPTY,
    deps,
    initialState,
    ...(recorder ? { recorder } : {}),
  });
}

/**
 * The same with the real root reducer.
 * @example const store = rootStoreWithoutEpics({ recorder });
 */
export function rootStoreWithoutEpics(options: Partial<Options<RootState>> = {}): Store<RootState> {
  return storeWithoutEpics({
    reducer: rootReducer,
    ...options,
    initialState: options.initialState ?? initialRootState,
  });
}
