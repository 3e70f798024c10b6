import { useObservable, useObservableEagerState } from 'observable-hooks';
import { combineLatest, distinctUntilChanged, map } from 'rxjs';
import type { RootState } from '../../streams/root';
import { usePortal } from '../app/store-context';

/**
 * Reads a value derived from the state the views show (the live one, or a travelled-to one in
 * the devtools). Eager state is safe here: `view$` is hot and the pipe is pure. The component
 * re-renders only when the selected value changes (by reference).
 */
export function useAppState<T, A extends readonly unknown[] = []>(
  select: (state: RootState, ...args: A) => T,
  ...args: A
): T {
  const { store } = usePortal();
  const value$ = useObservable(
    (inputs$) =>
      combineLatest([store.view$, inputs$]).pipe(
        map(([state, [selector, ...rest]]) => selector(state, ...(rest as unknown as A))),
        distinctUntilChanged(),
      ),
    [select, ...args] as const,
  );
  return useObservableEagerState(value$);
}
