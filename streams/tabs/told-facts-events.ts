import type { Case } from '../core/case-reducer';
import { onReplace } from '../core/case-reducer';
import type { AnyEvent } from '../core/event';
import type { SharedFact } from '../core/shared-facts';
import { factReceived } from './events';

/**
 * A slice's case for the facts it shares: what another tab told of them folds through `fold` (the
 * slice's own reducer) as if it happened here, so every tab shows the same (issue 25).
 */
export function onToldFacts<S>(
  facts: readonly SharedFact[],
  fold: (state: S, event: AnyEvent) => S,
): Case<S> {
  const told = new Set(facts.map((fact) => fact.type));
  return onReplace(factReceived, (state: S, event) => {
    const { fact } = event.payload;
    return told.has(fact.type) ? fold(state, { ...event, type: fact.type, payload: fact.payload }) : state;
  });
}
