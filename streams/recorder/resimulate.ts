import { filter, NEVER, VirtualAction, VirtualTimeScheduler } from 'rxjs';
import { type Config, config as specConfig } from '../core/config';
import { type Deps, MemoryStorage } from '../core/deps';
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

/**
 * Equality of JSON values, where an `undefined` member is the same as a missing one. Error stacks
 * are left out: they name the build's files and lines, not what happened.
 */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  for (const key of keys) if (key !== 'stack' && !sameJson(left[key], right[key])) return false;
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
  /** recorded id -> id of the re-simulated event that reproduced it */
  const reproducedAs = new Map<string, string>();
  // a recorded event fed again points at the re-simulated ids of its cause and flow
  const feed = (event: AnyEvent) => {
    if (divergence) return;
    const { cause, corr } = event.meta;
    const meta = unstamp(event).meta;
    if (cause !== undefined) meta.cause = reproducedAs.get(cause) ?? cause;
    if (corr !== undefined) meta.corr = reproducedAs.get(corr) ?? corr;
    store.dispatch({ ...unstamp(event), meta });
  };
  const http = recordedHttp(recorded.filter(isAnswer), scheduler, feed);
  const deps: Deps = {
    http,
    scheduler,
    clock: { now: () => scheduler.now() },
    ids: continuedIds(recorded),
    storage: new MemoryStorage(),
    session: new SessionVault(),
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
    options.rootEpic(event$, state$, epicDeps).pipe(filter((event) => !isInput(event)));
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

  // Events of one instant may come in another order (epics subscribe in module order, which
  // differs between builds): an event matches any recorded one of the same instant.
  const taken = new Array<boolean>(recorded.length).fill(false);
  const sameEvent = (event: AnyEvent, expected: AnyEvent) =>
    event.type === expected.type &&
    Boolean(event.error) === Boolean(expected.error) &&
    sameJson(redactEvent(event).payload, expected.payload);
  const sameTime = (event: AnyEvent, expected: AnyEvent) =>
    Math.abs(event.meta.at - expected.meta.at) <= tolerance;

  function match(event: AnyEvent): AnyEvent | undefined {
    for (let i = matched; i < recorded.length && recorded[i]!.meta.at <= event.meta.at + tolerance; i += 1) {
      const expected = recorded[i]!;
      if (taken[i] || !sameTime(event, expected) || !sameEvent(event, expected)) continue;
      taken[i] = true;
      while (taken[matched]) matched += 1;
      return expected;
    }
    return undefined;
  }

  function explain(event: AnyEvent): void {
    const expected = recorded[matched];
    if (!expected) diverge('extra', undefined, event);
    else if (expected.type !== event.type) diverge('type', expected, event);
    else diverge(sameTime(event, expected) ? 'payload' : 'time', expected, event);
  }

  // compared before the epics see the event, so that a request they make knows its cause
  store.inspect((event) => {
    if (divergence || (matched >= recorded.length && event.meta.at > end)) return;
    const expected = match(event);
    if (!expected) return explain(event);
    reproducedAs.set(expected.meta.id, event.meta.id);
    http.seen(expected);
    http.context = expected.meta.id;
  });
  // the epics have handled the event: a later request comes from a timer
  const comparison = store.event$.subscribe(() => {
    http.context = undefined;
  });

  for (const event of recorded) {
    if (isInput(event)) scheduler.schedule(() => feed(event), event.meta.at - start);
  }
  scheduler.flush();
  comparison.unsubscribe();
  store.destroy();

  if (!divergence && matched < recorded.length) diverge('missing', recorded[matched], undefined);
  return { matched, divergence, unanswered: http.unanswered, notes };
}
