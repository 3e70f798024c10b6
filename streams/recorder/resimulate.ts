import { filter, NEVER, tap, VirtualAction, VirtualTimeScheduler } from 'rxjs';
import { type Config, config as specConfig } from '../core/config';
import { type Deps, MemoryFileRegistry, MemoryStorage } from '../core/deps';
import type { Epic } from '../core/epic';
import type { AnyEvent, EventSource, UnstampedEvent } from '../core/event';
import { SessionVault } from '../core/session-vault';
import { createStore, type Reducer } from '../core/store';
import { epicCrashed, reducerFailed } from '../core/system-events';
import type { EventLogFile } from './log-file';
import { recordedHttp, type UnansweredRequest, unstamp } from './recorded-http';
import { redactEvent } from './redact';
import { baseState } from './replay';

export interface ResimulationOptions<S> {
  reducer: Reducer<S>;
  rootEpic: Epic<S>;
  initialState: S;
  /** constants to change, to see what a change of timing would have done to this session */
  config?: Partial<Config>;
  /** a live timer fires a little late: times closer than this to the recorded ones agree */
  toleranceMs?: number;
}

export interface EventSummary {
  type: string;
  seq: number;
  at: number;
  source: EventSource;
  payload: unknown;
}

export interface Divergence {
  /** position in the log's events */
  index: number;
  /** type: another event came; time: later or earlier than recorded; payload: other content;
   * missing: the re-simulation did not produce the recorded event; extra: it produced one more */
  kind: 'type' | 'time' | 'payload' | 'missing' | 'extra';
  expected: EventSummary | null;
  actual: EventSummary | null;
}

export interface ResimulationResult {
  /** recorded events the re-simulation reproduced before the divergence (all when none) */
  matched: number;
  divergence: Divergence | null;
  /** requests an epic made that no recorded server event answered */
  unanswered: readonly UnansweredRequest[];
  /** what limits the run: e.g. a log that starts from a snapshot lost the epics' pending work */
  notes: string[];
}

/** Live timers run a few milliseconds late; a changed constant moves an event by far more. */
export const DEFAULT_TOLERANCE_MS = 40;

/** Events the kernel emits by itself (store, epic combiner): the re-simulation recomputes them. */
const KERNEL_OUTPUTS = new Set<string>([reducerFailed.type, epicCrashed.type]);

/**
 * What came from outside the epics: user intents, storage and system reads, and server pushes
 * with no cause. They are fed at their recorded times; everything else is recomputed.
 */
export function isInput(event: UnstampedEvent | AnyEvent): boolean {
  return event.meta.cause === undefined && event.meta.source !== 'timer' && !KERNEL_OUTPUTS.has(event.type);
}

/** A recorded server event caused by another event: the answer to a request. */
function isAnswer(event: AnyEvent): boolean {
  return event.meta.source === 'server' && event.meta.cause !== undefined;
}

/** Ids continue the recording's own (`tab-41`, `tab-42`...): a faithful run mints the same ids. */
function continuedIds(events: readonly AnyEvent[]): Deps['ids'] {
  const match = /^(.*?)(\d+)$/.exec(events[0]?.meta.id ?? '');
  const prefix = match ? match[1]! : 're-';
  let counter = match ? Number(match[2]) - 1 : 0;
  return {
    next() {
      counter += 1;
      return `${prefix}${counter}`;
    },
  };
}

function summary(event: AnyEvent): EventSummary {
  const { type, payload, meta } = event;
  return { type, seq: meta.seq, at: meta.at, source: meta.source, payload };
}

/** Equality of JSON values, where an `undefined` member is the same as a missing one. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  for (const key of keys) if (!sameJson(left[key], right[key])) return false;
  return true;
}

/**
 * Re-simulation (ARCHITECTURE "Recording and replay"): the root epic runs in virtual time over
 * the recorded inputs, `http` answers from the recorded server events, and the events it
 * produces are compared one by one with the recorded ones; the first difference is reported.
 */
export function resimulate<S>(log: EventLogFile, options: ResimulationOptions<S>): ResimulationResult {
  const recorded = log.events;
  const notes: string[] = [];
  if (recorded.length === 0) return { matched: 0, divergence: null, unanswered: [], notes };
  if (log.snapshot) {
    notes.push(
      `the log starts from a snapshot (seq ${log.snapshot.seq}): requests and timers pending then are unknown`,
    );
  }
  const tolerance = options.toleranceMs ?? DEFAULT_TOLERANCE_MS;
  const start = recorded[0]!.meta.at;
  const end = recorded[recorded.length - 1]!.meta.at;
  const scheduler = new VirtualTimeScheduler(VirtualAction, end + tolerance);
  // virtual time runs on the recorded clock, so that times compare directly
  scheduler.frame = start;

  let matched = 0;
  let divergence: Divergence | null = null;
  const dispatch = (event: UnstampedEvent) => {
    if (!divergence) store.dispatch(event);
  };
  const http = recordedHttp(recorded.filter(isAnswer), scheduler, dispatch);
  const deps: Deps = {
    http,
    scheduler,
    clock: { now: () => scheduler.now() },
    ids: continuedIds(recorded),
    storage: new MemoryStorage(),
    session: new SessionVault(),
    files: new MemoryFileRegistry(),
    history: {
      current: () => ({ path: '/', search: '' }),
      push: () => {},
      replace: () => {},
      popped$: NEVER,
    },
    downloads: { open: () => {} },
    config: { ...specConfig, ...options.config },
  };
  // the inputs come from the log only: an epic that reads the outside (history, storage) is muted
  const rootEpic: Epic<S> = (event$, state$, epicDeps) =>
    options
      .rootEpic(
        event$.pipe(
          tap((event) => {
            http.context = event;
          }),
        ),
        state$,
        epicDeps,
      )
      .pipe(filter((event) => !isInput(event)));
  const store = createStore({
    reducer: options.reducer,
    rootEpic,
    deps,
    initialState: baseState(log, options.initialState),
  });

  const diverge = (
    kind: Divergence['kind'],
    expected: AnyEvent | undefined,
    actual: AnyEvent | undefined,
  ) => {
    divergence = {
      index: matched,
      kind,
      expected: expected ? summary(expected) : null,
      actual: actual ? summary(actual) : null,
    };
  };

  const comparison = store.event$.subscribe((event) => {
    http.context = undefined;
    if (divergence) return;
    const expected = recorded[matched];
    if (!expected) {
      if (event.meta.at <= end) diverge('extra', undefined, event);
      return;
    }
    if (event.type !== expected.type) diverge('type', expected, event);
    else if (Math.abs(event.meta.at - expected.meta.at) > tolerance) diverge('time', expected, event);
    else if (
      !sameJson(redactEvent(event).payload, expected.payload) ||
      Boolean(event.error) !== Boolean(expected.error)
    ) {
      diverge('payload', expected, event);
    }
    http.seen(event, divergence ? undefined : expected);
    if (!divergence) matched += 1;
  });

  for (const event of recorded) {
    if (isInput(event)) scheduler.schedule(() => dispatch(unstamp(event)), event.meta.at - start);
  }
  scheduler.flush();
  comparison.unsubscribe();
  store.destroy();

  if (!divergence && matched < recorded.length) diverge('missing', recorded[matched], undefined);
  return { matched, divergence, unanswered: http.unanswered, notes };
}
