import { concatMap, first, from, map, type Observable, type SchedulerLike, timer } from 'rxjs';

/**
 * The waits of a sub-query (seed 002 §9, protocol §24), as lists of delays between checks.
 * - a `cursordata` list: 50 ms, then each wait 1.2 times the last, stopping once it would reach 60 s;
 * - a related-entity lookup: 100 ms, 100 times.
 */
export function backoffDelays(start: number, factor: number, max: number): number[] {
  const delays: number[] = [];
  for (let wait = start; wait < max; wait *= factor) delays.push(Math.round(wait));
  return delays;
}

export function fixedDelays(every: number, tries: number): number[] {
  return Array.from({ length: tries }, () => every);
}

/**
 * Checks now, then after each delay; emits the first value that is not null, or null once the
 * delays are spent.
 */
export function pollFor<T>(
  check: () => T | null,
  delays: number[],
  scheduler: SchedulerLike,
): Observable<T | null> {
  return from([0, ...delays]).pipe(
    concatMap((wait) => (wait === 0 ? [check()] : timer(wait, scheduler).pipe(map(check)))),
    first((value): value is T => value !== null, null),
  );
}
