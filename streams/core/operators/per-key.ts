import { groupBy, mergeMap, type OperatorFunction } from 'rxjs';

/**
 * Runs `operator` on each key's values apart: a switch, an exhaust or a debounce inside then acts
 * on one key's values only (a new search of one list cancels that list's request, never another's).
 */
export function perKey<T, R>(
  keyOf: (value: NoInfer<T>) => unknown,
  operator: OperatorFunction<T, R>,
): OperatorFunction<T, R> {
  return (source$) =>
    source$.pipe(
      groupBy(keyOf),
      mergeMap((sameKey$) => sameKey$.pipe(operator)),
    );
}
