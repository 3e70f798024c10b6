import { NEVER } from 'rxjs';
import { config as specConfig } from '../core/config';
import type { Deps } from '../core/deps';
import { MemoryStorage } from '../core/memory-storage';
import type { Epic } from '../core/epic';
import type { AnyEvent, EventSource, UnstampedEvent } from '../core/event';
import type { Http } from '../core/http';
import { SessionVault } from '../core/session-vault';
import { createStore, type Reducer } from '../core/store';
import { requestEnded, requestReported, requestSent, timerFired } from '../core/system-events';
import type { EventLogFile } from './log-file';
import { redactEvent } from './redact';
import { replayedInputs } from './replayed-inputs';
import { baseState } from './replay';

interface ResimulationOptions<S> {
  reducer: Reducer<S>;
  rootEpic: Epic<S>;
  initialState: S;
}

export interface EventSummary {
  type: string;
  seq: number;
  at: number;
  source: EventSource;
  payload: unknown;
}

interface Divergence {
  /** position in the log's events */
  index: number;
  /** type: another event came; payload: other content; missing: the re-simulation did not
   * produce the recorded event; extra: it produced one more */
  kind: 'type' | 'payload' | 'missing' | 'extra';
  expected: EventSummary | null;
  actual: EventSummary | null;
  /** what the difference is about in words: the timer or the request that was not there */
  about?: string;
}

export interface ResimulationResult {
  /** recorded events the re-simulation reproduced before the divergence (all when none) */
  matched: number;
  divergence: Divergence | null;
  /** why the log cannot be re-simulated at all (`REFUSALS` says it in words) */
  refused?: Refusal;
  /** what limits the run, e.g. what the epics did after the log's last event */
  notes: string[];
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

/** A request's id is minted by the run: requests compare by what they ask. */
function comparable(event: AnyEvent): unknown {
  const payload = redactEvent(event).payload;
  if (requestSent.match(event) || requestEnded.match(event) || requestReported.match(event)) {
    const { requestId: _id, ...rest } = payload as { requestId: string };
    return rest;
  }
  return payload;
}

export const REFUSALS = {
  predatesInputs:
    'this log predates recorded inputs (timers, requests and outside reads were not events yet): it replays, but cannot be re-simulated',
  startsMidSession:
    'this log starts from a snapshot taken mid-session: the timers and requests pending then are unknown, so it replays but cannot be re-simulated',
} as const;

type Refusal = keyof typeof REFUSALS;

/** Why a log cannot be re-simulated exactly, or null. */
function refusal(log: EventLogFile): Refusal | null {
  if (!log.events.some((event) => event.meta.input)) return 'predatesInputs';
  if (log.snapshot && log.snapshot.seq > 0) return 'startsMidSession';
  return null;
}

/** Ports that exist as they did live; the inputs (answers, reads) come from the log. */
function replayDeps(recorded: readonly AnyEvent[], clock: { now(): number }): Deps {
  const http: Http = { request: () => NEVER, notices$: NEVER };
  return {
    http,
    // unused: the recorded scheduler arms its timers through the replayed inputs
    scheduler: { now: clock.now, schedule: () => NEVER.subscribe() },
    clock,
    ids: continuedIds(recorded),
    storage: new MemoryStorage(),
    session: new SessionVault(),
    history: {
      current: () => ({ path: '/', search: '' }),
      push: () => {},
      replace: () => {},
      popped$: NEVER,
    },
    downloads: { open: () => {}, start: () => NEVER, fetchFile: () => NEVER },
    uploads: { send: () => NEVER },
    files: new Map(),
    scripts: { isLoaded: () => false },
    config: specConfig,
  };
}

/**
 * Re-simulation (ARCHITECTURE "Recording and replay"): the root epic runs again over the log's
 * inputs, fed in the log's order: what people and the browser did, what answers set off; a
 * timer fires when its `system/timerFired` comes, a request ends when its `system/requestEnded`
 * comes, an outside read gets the recorded value. Every other event is recomputed and must be the
 * next one of the log, in order and content (times are not compared); the first difference is
 * reported, with the timer or request it is about.
 */
export function resimulate<S>(log: EventLogFile, options: ResimulationOptions<S>): ResimulationResult {
  const recorded = log.events;
  const notes: string[] = [];
  const refused = refusal(log);
  if (recorded.length === 0 || refused)
    return { matched: 0, divergence: null, notes, ...(refused && { refused }) };

  let position = 0;
  let divergence: Divergence | null = null;
  let now = recorded[0]!.meta.at;
  /** recorded id (event or request) -> the re-simulated one */
  const reproducedAs = new Map<string, string>();
  const translated = (id: string | undefined) =>
    id === undefined ? undefined : (reproducedAs.get(id) ?? id);
  const inputs = replayedInputs(recorded, () => position);
  const store = createStore({
    reducer: options.reducer,
    rootEpic: options.rootEpic,
    deps: replayDeps(recorded, { now: () => now }),
    initialState: baseState(log, options.initialState),
    inputs,
  });

  const diverge = (kind: Divergence['kind'], actual: AnyEvent | undefined, about?: string) => {
    const expected = recorded[position];
    divergence = {
      index: position,
      kind,
      expected: expected ? summary(expected) : null,
      actual: actual ? summary(actual) : null,
      ...(about && { about }),
    };
  };

  let beyondLog: AnyEvent | undefined;
  store.inspect((event) => {
    if (divergence) return;
    const expected = recorded[position];
    if (!expected) {
      beyondLog ??= event;
      return;
    }
    if (expected.type !== event.type || Boolean(expected.error) !== Boolean(event.error))
      return diverge('type', event, aboutOf(expected));
    if (!sameJson(comparable(event), comparable(expected)))
      return diverge('payload', event, aboutOf(expected));
    reproducedAs.set(expected.meta.id, event.meta.id);
    // a fed request (made in an answer window) carries the recorded id: it was paired before it was
    // fed (`claimAlike`), and pairing it with itself would leave its re-simulated request unended
    if (!expected.meta.input && requestSent.match(expected) && requestSent.match(event)) {
      reproducedAs.set(expected.payload.requestId, event.payload.requestId);
      inputs.claim(event.payload.requestId);
    }
    position += 1;
  });

  const feed = (event: AnyEvent) => {
    const { seq: _seq, id: _id, at: _at, ...meta } = event.meta;
    const cause = translated(meta.cause);
    const corr = translated(meta.corr);
    const request = translated(meta.request);
    const fed: UnstampedEvent = {
      type: event.type,
      payload: event.payload,
      ...(event.error && { error: true as const }),
      meta: { ...meta, ...(cause && { cause }), ...(corr && { corr }), ...(request && { request }) },
    };
    store.dispatch(fed);
  };

  while (!divergence && position < recorded.length) {
    const next = recorded[position]!;
    const before = position;
    now = next.meta.at;
    if (timerFired.match(next)) {
      if (!inputs.fire(next.payload.key))
        diverge('missing', undefined, `the timer ${next.payload.key} was not armed`);
    } else if (!next.meta.input && requestReported.match(next)) {
      if (!inputs.report(translated(next.payload.requestId)!, next.payload.value))
        diverge('missing', undefined, `the request ${next.payload.requestId}, which was not made`);
    } else if (!next.meta.input && requestEnded.match(next)) {
      if (!inputs.end(translated(next.payload.requestId)!, next.payload.error))
        diverge('missing', undefined, `the request ${next.payload.requestId}, which was not made`);
    } else if (next.meta.input) {
      if (requestSent.match(next)) {
        // made in an answer window: the re-simulated request of the same call is this one
        const alike = inputs.claimAlike(next.payload);
        if (alike) reproducedAs.set(next.payload.requestId, alike);
      }
      feed(next);
      // an http request ends where the log says; what its end sets off is fed from the log too
      if (requestEnded.match(next)) inputs.end(translated(next.payload.requestId)!, next.payload.error);
    } else diverge('missing', undefined, aboutOf(next));
    if (!divergence && position === before) diverge('missing', undefined, aboutOf(next));
  }
  store.destroy();

  if (beyondLog)
    notes.push(
      `after the last recorded event, the epics went on with ${beyondLog.type}: it came after the export`,
    );
  return { matched: position, divergence, notes };
}

/** The recorded event in words, where it names a timer or a request. */
function aboutOf(event: AnyEvent): string | undefined {
  if (timerFired.match(event)) return `the timer ${event.payload.key}`;
  if (requestSent.match(event)) {
    const { method, path, port } = event.payload;
    return `the request ${method} ${path} (${port})`;
  }
  return undefined;
}
