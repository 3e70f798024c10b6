import type { Draft } from 'immer';
import { type Case, on } from './case-reducer';
import type { SerializedError } from './errors';
import type { AppEvent } from './event';

/** Where one server call stands: its status, and the error of its last failure. */
export interface RequestState {
  status: 'unknown' | 'fetching' | 'loaded' | 'error';
  error: SerializedError | null;
  /** with `error`: the id of the event that asked (the outbox may have kept its request) */
  requestId?: string;
}

export const IDLE_REQUEST: RequestState = { status: 'unknown', error: null };

/** What the status cases write to: a request state, or an entry that holds one beside its data. */
export interface StatusTarget {
  status: string;
  error: SerializedError | null;
  requestId?: string;
}

interface Definition<E extends AppEvent> {
  type: string;
  match(event: { type: string }): event is E;
}

/**
 * The three cases every request status goes through: asked (fetching, the last error forgotten),
 * answered (loaded), failed (error, with the asking event's id). `at` finds the entry the event
 * is about in the slice, creating it when it is new; the entry's data is the domain's own case.
 */
export function requestStatusCases<
  S,
  A extends AppEvent,
  B extends AppEvent,
  C extends AppEvent<string, { error: SerializedError }>,
>(
  events: { started: Definition<A>; succeeded: Definition<B>; failed: Definition<C> },
  at: (draft: Draft<S>, event: A | B | C) => StatusTarget,
): Case<S>[] {
  return [
    on<S, A>(events.started, (draft, event) => {
      const target = at(draft, event);
      target.status = 'fetching';
      target.error = null;
    }),
    on<S, B>(events.succeeded, (draft, event) => {
      const target = at(draft, event);
      target.status = 'loaded';
      target.error = null;
      delete target.requestId;
    }),
    on<S, C>(events.failed, (draft, event) => {
      const target = at(draft, event);
      target.status = 'error';
      target.error = event.payload.error;
      if (event.meta.cause !== undefined) target.requestId = event.meta.cause;
    }),
  ];
}
