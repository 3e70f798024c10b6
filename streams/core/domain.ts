import type { Epic } from './epic';
import type { AnyEvent } from './event';
import type { SharedFact } from './shared-facts';

/**
 * One domain of the spec: its slice (initial state and reducer, both optional for a domain that
 * only runs epics) and its epics by name (its public reads are its `selectors.ts`). `streams/root.ts`
 * lists the manifests; epics are registered as `<name>/<epic>`.
 */
export interface Domain<N extends string = string, S = unknown, R = never> {
  name: N;
  initialState: S;
  reducer: ((state: S, event: AnyEvent) => S) | null;
  epics: Readonly<Record<string, Epic<R>>>;
  /** the facts of this domain the other tabs of the same user are told (issue 25) */
  shares: readonly SharedFact[];
}

/** Declares a domain's manifest; the name is its slice key and the prefix of its epics' names. */
export function defineDomain<const N extends string, S, R = never>(domain: {
  name: N;
  initialState?: S;
  reducer?: (state: S, event: AnyEvent) => S;
  epics?: Readonly<Record<string, Epic<R>>>;
  shares?: readonly SharedFact[];
}): Domain<N, S, R> {
  return {
    name: domain.name,
    initialState: domain.initialState as S,
    reducer: domain.reducer ?? null,
    epics: domain.epics ?? {},
    shares: domain.shares ?? [],
  };
}
