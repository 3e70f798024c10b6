import { filter, NEVER, VirtualAction, VirtualTimeScheduler } from 'rxjs';
import { type Config, config as specConfig } from '../core/config';
import { type Deps, type KeyValueStore, MemoryStorage } from '../core/deps';
import type { Epic } from '../core/epic';
import type { AnyEvent, EventSource, UnstampedEvent } from '../core/event';
import { createStore, type Reducer } from '../core/store';
import { epicCrashed, reducerFailed } from '../core/system-events';
import type { EventLogFile } from './log-file';
import { SessionVault } from '../core/session-vault';
import { lateAsRecorded, type RetriedTimers } from './late-scheduler';
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
  /**
   * how much later than re-simulated a recorded event may come: a live timer fires late while the
   * page is busy (a long render, a huge answer), by up to seconds. Runs with other constants
   * (`config`) allow only `toleranceMs`: there an earlier event is the point.
   */
  latenessMs?: number;
  /**
   * what the vault and the storage held when the log starts, as the log tells it (the epics read
   * them, not events): `recordedEnvironment` (streams/recorded-environment.ts) for the portal's
   * logs; empty without it
   */
  environment?: (
    events: readonly AnyEvent[],
    config: Config,
  ) => { session: SessionVault; storage: KeyValueStore };
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

/** A busy page (a 10 MB answer, a long render) holds a live timer back by seconds. */
export const DEFAULT_LATENESS_MS = 10_000;

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

/**
 * The events an answer's mapping emitted with it (`requestAnswer`'s `succeeded` may return a
 * follow-up: the page after the list, a reload after a publish). The recorded answer stands for the
 * mapping, which never runs again, so they are fed with it: the events recorded right after it, at
 * the same instant, with the same cause, and no answer of their own.
 */
function emittedWith(recorded: readonly AnyEvent[], answer: AnyEvent): AnyEvent[] {
  const companions: AnyEvent[] = [];
  // what dispatching the answer set off, synchronously: the clock may tick a millisecond while the
  // epics answer it, so a companion may be stamped a little later, after events of that cascade
  const cascade = new Set<string>([answer.meta.id]);
  for (let index = recorded.indexOf(answer) + 1; index < recorded.length; index += 1) {
    const next = recorded[index]!;
    const sameInstant = next.meta.at === answer.meta.at;
    if (!sameInstant && next.meta.at - answer.meta.at > COMPANION_LAG_MS) break;
    if (next.meta.cause === answer.meta.cause && !isAnswer(next) && !isInput(next)) {
      companions.push(next);
      cascade.add(next.meta.id);
    } else if (next.meta.cause !== undefined && cascade.has(next.meta.cause)) cascade.add(next.meta.id);
    else if (!sameInstant) break;
  }
  return companions;
}

/** How much later than its answer a companion may be stamped (a busy page's synchronous dispatch). */
const COMPANION_LAG_MS = 10;

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

/** Runs left to correct the guesses about timers (each run corrects at most one). */
const MAX_RETRIED_TIMERS = 20;

/**
 * Re-simulation (ARCHITECTURE "Recording and replay"): the root epic runs in virtual time over
 * the recorded inputs, `http` answers from the recorded server events, and the events it
 * produces are compared one by one with the recorded ones; the first difference is reported,
 * from the run that went furthest.
 */
export function resimulate<S>(log: EventLogFile, options: ResimulationOptions<S>): ResimulationResult {
  const retried: RetriedTimers = { prompt: new Set(), held: new Set() };
  let furthest: ResimulationResult | undefined;
  for (;;) {
    const { result, retry } = simulate(log, options, retried);
    if (!furthest || result.matched > furthest.matched) furthest = result;
    if (!result.divergence) return result;
    if (!retry || retried.prompt.size + retried.held.size >= MAX_RETRIED_TIMERS) return furthest;
    retried[retry.as].add(retry.timer);
  }
}

/**
 * One run. A timer whose first event matches nothing was fired at the wrong time: if it waited
 * past its due time, the next run fires it when due (`prompt`); if it fired close to the log's end,
 * the live page may not have fired it yet when the log was exported (it was late), and the next
 * run holds it.
 */
function simulate<S>(
  log: EventLogFile,
  options: ResimulationOptions<S>,
  retried: RetriedTimers,
): { result: ResimulationResult; retry?: { timer: number; as: keyof RetriedTimers } } {
  const recorded = log.events;
  const notes: string[] = [];
  if (recorded.length === 0) return { result: { matched: 0, divergence: null, unanswered: [], notes } };
  if (log.snapshot) {
    notes.push(
      `the log starts from a snapshot (seq ${log.snapshot.seq}): requests and timers pending then are unknown`,
    );
  }
  const tolerance = options.toleranceMs ?? DEFAULT_TOLERANCE_MS;
  const lateness = options.config
    ? tolerance
    : Math.max(tolerance, options.latenessMs ?? DEFAULT_LATENESS_MS);
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
  // an event caused before the log's window (its cause is in the snapshot) cannot be made again:
  // it is fed at its recorded time, like an input
  const recordedIds = new Set(recorded.map((event) => event.meta.id));
  const causedBeforeWindow = (event: AnyEvent) =>
    event.meta.cause !== undefined && !recordedIds.has(event.meta.cause);
  const fedAsRecorded = (event: AnyEvent) => isInput(event) || causedBeforeWindow(event);
  const http = recordedHttp(
    recorded.filter((event) => isAnswer(event) && !causedBeforeWindow(event)),
    scheduler,
    (answer) => {
      feed(answer);
      for (const companion of emittedWith(recorded, answer)) feed(companion);
    },
  );
  const config = { ...specConfig, ...options.config };
  const { session, storage } = options.environment?.(recorded, config) ?? {
    session: new SessionVault(),
    storage: new MemoryStorage(),
  };
  /** the recorded event nothing has reproduced yet, the earliest one (they are in time order) */
  const nextExpected = () => (divergence ? undefined : recorded[matched]);
  const late = options.config
    ? undefined
    : lateAsRecorded(scheduler, fedAsRecorded, nextExpected, http, retried);
  let retry: { timer: number; as: keyof RetriedTimers } | undefined;
  const deps: Deps = {
    http,
    // with the recorded constants, the epics' timers fire when the live ones did (late, never early)
    scheduler: late ?? scheduler,
    clock: { now: () => scheduler.now() },
    ids: continuedIds(recorded),
    storage,
    session,
    history: {
      current: () => ({ path: '/', search: '' }),
      push: () => {},
      replace: () => {},
      popped$: NEVER,
    },
    downloads: { open: () => {} },
    config,
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
  // differs between builds): an event matches any recorded one of the same instant, or one
  // recorded later, by up to `lateness`, that a busy page's timer held back.
  const taken = new Array<boolean>(recorded.length).fill(false);
  const sameEvent = (event: AnyEvent, expected: AnyEvent) =>
    event.type === expected.type &&
    Boolean(event.error) === Boolean(expected.error) &&
    sameJson(redactEvent(event).payload, expected.payload);
  const sameTime = (event: AnyEvent, expected: AnyEvent) =>
    expected.meta.at - event.meta.at >= -tolerance && expected.meta.at - event.meta.at <= lateness;

  function match(event: AnyEvent): AnyEvent | undefined {
    for (let i = matched; i < recorded.length && recorded[i]!.meta.at <= event.meta.at + lateness; i += 1) {
      const expected = recorded[i]!;
      if (taken[i] || !sameTime(event, expected) || !sameEvent(event, expected)) continue;
      taken[i] = true;
      while (taken[matched]) matched += 1;
      return expected;
    }
    return undefined;
  }

  function explain(event: AnyEvent): void {
    const timer = late?.running;
    if (timer !== undefined && late?.runningWaited && !retried.prompt.has(timer))
      retry = { timer, as: 'prompt' };
    else if (timer !== undefined && event.meta.at >= end - lateness && !retried.held.has(timer))
      retry = { timer, as: 'held' };
    const expected = recorded[matched];
    if (!expected) diverge('extra', undefined, event);
    else if (expected.type !== event.type) diverge('type', expected, event);
    else diverge(sameTime(event, expected) ? 'payload' : 'time', expected, event);
  }

  // compared before the epics see the event, so that a request they make knows its cause
  let beyondExport: AnyEvent | undefined;
  store.inspect((event) => {
    if (divergence) return;
    // every recorded event is reproduced: what the epics do next came after the export (a late
    // timer, a view's answer to the last render), unless it comes after the log's end anyway
    if (matched >= recorded.length) {
      if (event.meta.at <= end) beyondExport ??= event;
      return;
    }
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
    if (fedAsRecorded(event)) scheduler.schedule(() => feed(event), event.meta.at - start);
  }
  scheduler.flush();
  comparison.unsubscribe();
  store.destroy();

  if (!divergence && matched < recorded.length) diverge('missing', recorded[matched], undefined);
  if (beyondExport)
    notes.push(
      `after the last recorded event, the epics went on with ${beyondExport.type} at +${beyondExport.meta.at - start} ms: it may have come after the export`,
    );
  return { result: { matched, divergence, unanswered: http.unanswered, notes }, retry };
}
