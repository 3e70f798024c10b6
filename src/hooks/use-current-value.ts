import { useCallback, useSyncExternalStore } from 'react';
import type { Observable } from 'rxjs';
import type { StateObservable } from '../../streams/core/epic';

/**
 * The value of an observable that always has one (the store's `view$`, a `BehaviorSubject`), read
 * again whenever it emits. React's own store hook rather than a state copied in an effect: no
 * render shows a value older than the source's, even while React renders concurrently.
 */
export function useCurrentValue<T>(source$: StateObservable<T>): T {
  return useSyncExternalStore(useSubscribe(source$), () => source$.value);
}

/** `source$` as the `subscribe` React's store hook takes: call `onChange` on each value, give an unsubscribe. */
export function useSubscribe(source$: Observable<unknown>): (onChange: () => void) => () => void {
  return useCallback(
    (onChange: () => void) => {
      const subscription = source$.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    [source$],
  );
}
