import * as z from 'zod';
import { defineEvent, type AnyEvent } from '../../../streams/core/event';

/** A tiny domain for the recorder tests: a counter with notes that may carry planted secrets. */
export const added = defineEvent('counter/added', z.object({ amount: z.number() }), { source: 'ui' });
export const noted = defineEvent(
  'counter/noted',
  z.object({ text: z.string(), extra: z.record(z.string(), z.unknown()) }),
  {
    source: 'server',
  },
);
export const failed = defineEvent(
  'counter/failed',
  z.object({ error: z.object({ code: z.string(), message: z.string() }) }),
  {
    source: 'server',
    failure: true,
  },
);

export interface CounterState {
  total: number;
  count: number;
  notes: string[];
  lastExtra: Record<string, unknown> | null;
  status: 'unknown' | 'resolved' | 'error';
  error: { code: string; message: string } | null;
}

export const initialCounterState: CounterState = Object.freeze({
  total: 0,
  count: 0,
  notes: [],
  lastExtra: null,
  status: 'unknown',
  error: null,
});

/** Plain spreads rather than immer: the tests need a reducer, not the library. */
export function counterReducer(state: CounterState, event: AnyEvent): CounterState {
  if (added.match(event)) {
    return {
      ...state,
      total: state.total + event.payload.amount,
      count: state.count + 1,
      status: 'resolved',
    };
  }
  if (noted.match(event)) {
    return {
      ...state,
      notes: [...state.notes.slice(-4), event.payload.text],
      lastExtra: event.payload.extra,
    };
  }
  if (failed.match(event)) return { ...state, status: 'error', error: event.payload.error };
  return state;
}
