import type { SerializedError } from './errors';

/**
 * Where one server call stands: its status, and the error of its last failure. The cases that write
 * it are the endpoints' (`requestStatusCases`, endpoint.ts): the shell needs only the idle value.
 */
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
