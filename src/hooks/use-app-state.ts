import { useRef, useSyncExternalStore } from 'react';
import type { RootState } from '../../streams/root';
import { usePortal } from '../app/store-context';
import { useSubscribe } from './use-current-value';

/** The last selection a component made, and what it was made from. */
interface Selection<T> {
  state: RootState;
  select: unknown;
  args: readonly unknown[];
  value: T;
}

/**
 * Reads a value derived from the state the views show (the live one, or a travelled-to one in
 * the devtools). The component re-renders only when the selected value changes (by reference):
 * the selector runs again only for a new state, selector or argument, so one that builds a new
 * object gives the same object until then (React's store hook asks for the value on every render).
 */
export function useAppState<T, A extends readonly unknown[] = []>(
  select: (state: RootState, ...args: A) => T,
  ...args: A
): T {
  const { store } = usePortal();
  const last = useRef<Selection<T> | null>(null);
  const selection = () => {
    const state = store.view$.value;
    const kept = last.current;
    if (kept && kept.state === state && kept.select === select && sameArgs(kept.args, args))
      return kept.value;
    const value = select(state, ...args);
    last.current = { state, select, args, value };
    return value;
  };
  return useSyncExternalStore(useSubscribe(store.view$), selection);
}

function sameArgs(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, index) => Object.is(value, b[index]));
}
