import { type Draft, produce } from 'immer';
import type { AnyEvent, AppEvent } from './event';

interface Definition<E extends AppEvent> {
  type: string;
  match(event: { type: string }): event is E;
}

export interface Case<S> {
  type: string;
  handle: (draft: Draft<S>, event: AnyEvent) => void;
}

/** One case of a slice reducer: how the slice changes on one event type. */
export function on<S, E extends AppEvent>(
  definition: Definition<E>,
  handle: (draft: Draft<S>, event: E) => void,
): Case<S> {
  return { type: definition.type, handle: handle as Case<S>['handle'] };
}

/**
 * A slice reducer from a case map. Events the slice does not handle return the same state
 * without entering immer, which keeps a fold of many events fast.
 */
export function caseReducer<S>(...cases: Case<S>[]): CaseReducer<S> {
  const handlers = new Map<string, Case<S>['handle'][]>();
  for (const { type, handle } of cases) handlers.set(type, [...(handlers.get(type) ?? []), handle]);
  const reduce = (state: S, event: AnyEvent): S => {
    const handles = handlers.get(event.type);
    if (!handles) return state;
    return produce(state, (draft) => {
      for (const handle of handles) handle(draft, event);
    });
  };
  return Object.assign(reduce, { handles: new Set(handlers.keys()) });
}

/** A case reducer says which event types it handles, so the root reducer calls it for those only. */
export type CaseReducer<S> = ((state: S, event: AnyEvent) => S) & { readonly handles: ReadonlySet<string> };
