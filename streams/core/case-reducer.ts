import { type Draft, produce } from 'immer';
import type { AnyEvent, AppEvent } from './event';

interface Definition<E extends AppEvent> {
  type: string;
  match(event: { type: string }): event is E;
}

export type Case<S> =
  | { type: string; handle: (draft: Draft<S>, event: AnyEvent) => void }
  | { type: string; replace: (state: S, event: AnyEvent) => S };

/** One case of a slice reducer: how the slice changes on one event type. */
export function on<S, E extends AppEvent>(
  definition: Definition<E>,
  handle: (draft: Draft<S>, event: E) => void,
): Case<S> {
  return { type: definition.type, handle: handle as (draft: Draft<S>, event: AnyEvent) => void };
}

/**
 * A case that returns the next state itself, without immer: for the few transitions that are
 * hot in a long session (each log entry), where a draft costs more than the change.
 */
export function onReplace<S, E extends AppEvent>(
  definition: Definition<E>,
  replace: (state: S, event: E) => S,
): Case<S> {
  return { type: definition.type, replace: replace as (state: S, event: AnyEvent) => S };
}

/**
 * A slice reducer from a case map. Events the slice does not handle return the same state
 * without entering immer, which keeps a fold of many events fast.
 */
export function caseReducer<S>(...cases: Case<S>[]): CaseReducer<S> {
  const handlers = new Map<string, Case<S>[]>();
  for (const one of cases) handlers.set(one.type, [...(handlers.get(one.type) ?? []), one]);
  const reduce = (state: S, event: AnyEvent): S => {
    const handles = handlers.get(event.type);
    if (!handles) return state;
    let next = state;
    for (const one of handles) {
      next = 'replace' in one ? one.replace(next, event) : produce(next, (draft) => one.handle(draft, event));
    }
    return next;
  };
  return Object.assign(reduce, { handles: new Set(handlers.keys()) });
}

/** A case reducer says which event types it handles, so the root reducer calls it for those only. */
export type CaseReducer<S> = ((state: S, event: AnyEvent) => S) & { readonly handles: ReadonlySet<string> };
