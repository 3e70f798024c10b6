import {
  Observable,
  type SchedulerAction,
  type SchedulerLike,
  Subscription,
  type Unsubscribable,
} from 'rxjs';
import type { Deps, DownloadPort, KeyValueStore, UploadPort } from './deps';
import { AppError, type SerializedError, serializeError } from './errors';
import type { UnstampedEvent } from './event';
import type { Http, HttpRequest } from './http';
import { REDACTED } from './redact';
import type { SessionVault, Token } from './session-vault';
import { outsideRead, requestEnded, requestReported, requestSent, timerFired } from './system-events';

/**
 * Recorded inputs (ARCHITECTURE "Recording and replay"): every non-deterministic input of the
 * epics becomes an event, so a log re-simulates without guessing. A timer says when it fired
 * (`system/timerFired`), a request says it left (`system/requestSent`) and ended
 * (`system/requestEnded`), and the events its answer set off carry its id; a value read outside
 * the state is `system/outsideRead`. The store lends its dispatch and tells where an event came
 * from (`Origin`); the same code runs live and in a re-simulation, where `InputSource` answers
 * from the log instead of the browser.
 */

/** What the epics are doing when an event reaches the store with no event being handled. */
export type Origin =
  /** a timer's work: recomputed by a re-simulation, which fires the same timer */
  | { kind: 'timer' }
  /** the store starting the epics: recomputed */
  | { kind: 'start' }
  /**
   * an http answer being handed over, up to its end: what it sets off is fed as recorded, marked
   * with the request; a re-simulation drops what its epics emit there (the recorded events stand in)
   */
  | { kind: 'answer'; requestId: string }
  /** a port handing over a recorded value or ending a request: recomputed, as the re-simulation hands over the same */
  | { kind: 'port' };

/** What the store lends the recording. */
interface RecordingHooks {
  /** hands an event the recording makes to the store, as epic output under the current origin */
  emit(event: UnstampedEvent): void;
  /** runs `work` under `origin`, at one instant: every clock read inside it gives the same time */
  within<T>(origin: Origin, work: () => T): T;
  now(): number;
}

/** Where timers, answers and outside values come from: the browser live, the log in a re-simulation. */
export interface InputSource {
  /** arms a timer that calls `fire` when due */
  arm(key: string, delay: number, fire: () => void): Unsubscribable;
  /** the answer of a request, or null to send it through the deps' own port */
  answer(requestId: string, call: PortCall): Observable<never> | null;
  /** a re-simulation: what the epics emit in an answer window is dropped, the log's events stand in */
  readonly replaying?: boolean;
  /** a value read outside the state, or null to read the deps' own port */
  read(port: OutsidePort, key: string): { value: unknown } | null;
}

export type OutsidePort = 'storage' | 'vault' | 'files' | 'scripts';

/** The live source: the scheduler's timers, the ports' answers, the browser's values. */
export function liveInputs(scheduler: SchedulerLike): InputSource {
  return {
    arm: (_key, delay, fire) => scheduler.schedule(fire, delay),
    answer: () => null,
    read: () => null,
  };
}

/** A scheduler that names each timer after the epic that armed it (see `ownedDeps`). */
interface OwnableScheduler extends SchedulerLike {
  owned(owner: string): SchedulerLike;
}

function isOwnable(scheduler: SchedulerLike): scheduler is OwnableScheduler {
  return typeof (scheduler as Partial<OwnableScheduler>).owned === 'function';
}

/** The deps of one named epic: its timers are keyed by its name. */
export function ownedDeps(deps: Deps, owner: string): Deps {
  return isOwnable(deps.scheduler) ? { ...deps, scheduler: deps.scheduler.owned(owner) } : deps;
}

/**
 * One action of the epics' scheduler. Each time it is armed (first schedule, or `this.schedule`
 * from its work, as a debounce or an interval does) it takes the next ordinal of its owner, so
 * a run of the same inputs names the same firings.
 */
class RecordedAction<T> extends Subscription implements SchedulerAction<T> {
  private armed: Unsubscribable | null = null;

  constructor(
    private readonly arm: (delay: number, run: () => void) => Unsubscribable,
    private readonly work: (this: SchedulerAction<T>, state?: T) => void,
  ) {
    super();
    this.add(() => this.disarm());
  }

  schedule(state?: T, delay = 0): Subscription {
    if (this.closed) return this;
    this.disarm();
    this.armed = this.arm(delay, () => {
      this.armed = null;
      this.work.call(this, state);
    });
    return this;
  }

  private disarm(): void {
    this.armed?.unsubscribe();
    this.armed = null;
  }
}

function recordedScheduler(source: InputSource, hooks: RecordingHooks): OwnableScheduler {
  const ordinals = new Map<string, number>();
  const forOwner = (owner: string): OwnableScheduler => ({
    now: () => hooks.now(),
    owned: (next) => forOwner(next),
    schedule<T>(work: (this: SchedulerAction<T>, state?: T) => void, delay = 0, state?: T) {
      const arm = (after: number, run: () => void) => {
        const ordinal = (ordinals.get(owner) ?? 0) + 1;
        ordinals.set(owner, ordinal);
        const key = `${owner}#${ordinal}`;
        return source.arm(key, after, () =>
          hooks.within({ kind: 'timer' }, () => {
            hooks.emit(timerFired({ key }));
            run();
          }),
        );
      };
      return new RecordedAction<T>(arm, work).schedule(state, delay);
    },
  });
  return forOwner('unowned');
}

/** What a port call is recorded as. */
export interface PortCall {
  port: 'http' | 'uploads' | 'downloads';
  method: string;
  path: string;
}

/** A path without its origin, query and fragment: what identifies a request without its secrets. */
function pathOf(url: string): string {
  return url.replace(/^[a-z]+:\/\/[^/]+/i, '').replace(/[?#].*$/, '');
}

/**
 * One request through a port. An http answer can be megabytes: what it sets off, up to its end,
 * is recorded as it came, marked with the request. The other ports report small values
 * (progress, an upload's answer): each is recorded whole (`system/requestReported`) and handed to
 * the epic again in a re-simulation, which maps it again. The end is always recorded.
 */
function recordedCall<R>(
  call: PortCall,
  send: () => Observable<R>,
  ids: Deps['ids'],
  source: InputSource,
  hooks: RecordingHooks,
): Observable<R> {
  return new Observable<R>((subscriber) => {
    const requestId = ids.next();
    hooks.emit(requestSent({ requestId, ...call }));
    const answer = (source.answer(requestId, call) ?? send()) as Observable<R>;
    const origin: Origin = call.port === 'http' ? { kind: 'answer', requestId } : { kind: 'port' };
    const deliver = (work: () => void) => hooks.within(origin, work);
    return answer.subscribe({
      next: (value) =>
        deliver(() => {
          if (call.port !== 'http') hooks.emit(requestReported({ requestId, value }));
          subscriber.next(value);
        }),
      error: (thrown: unknown) =>
        deliver(() => {
          hooks.emit(requestEnded({ requestId, error: serializeError(thrown) }));
          subscriber.error(thrown);
        }),
      complete: () =>
        deliver(() => {
          hooks.emit(requestEnded({ requestId }));
          subscriber.complete();
        }),
    });
  });
}

/** The error a re-simulation ends a request with: the recorded one, as the port threw it. */
export function recordedError(error: SerializedError): AppError {
  const { stack: _stack, ...details } = error;
  return new AppError(details);
}

function recordedHttp(
  http: Http,
  call: <R>(port: PortCall, send: () => Observable<R>) => Observable<R>,
): Http {
  return {
    notices$: http.notices$,
    request: <T>(request: HttpRequest<T>) =>
      call({ port: 'http', method: request.override ?? request.method, path: request.path }, () =>
        http.request(request),
      ),
  };
}

function recordedUploads(
  uploads: UploadPort | undefined,
  call: <R>(port: PortCall, send: () => Observable<R>) => Observable<R>,
): UploadPort | undefined {
  if (!uploads) return undefined;
  return {
    send: (request) =>
      call({ port: 'uploads', method: request.method, path: request.path }, () => uploads.send(request)),
  };
}

function recordedDownloads(
  downloads: DownloadPort,
  call: <R>(port: PortCall, send: () => Observable<R>) => Observable<R>,
): DownloadPort {
  const { start, fetchFile } = downloads;
  return {
    open: (url, fileName) => downloads.open(url, fileName),
    ...(start && {
      start: (url, fileName) =>
        call({ port: 'downloads', method: 'GET', path: pathOf(url) }, () => start(url, fileName)),
    }),
    ...(fetchFile && {
      fetchFile: (url, fileName) =>
        call({ port: 'downloads', method: 'FETCH', path: pathOf(url) }, () => fetchFile(url, fileName)),
    }),
  };
}

/** Storage keys whose values are secrets: only their presence is recorded. */
const SECRET_KEY = /token|secret|password|credential/i;

function masked(value: string | null, key: string): string | null {
  return value !== null && SECRET_KEY.test(key) ? REDACTED : value;
}

function maskedToken(token: Token | null): Token | null {
  return token && { ...token, accessToken: REDACTED, refreshToken: REDACTED };
}

/** Reads `key` of `port`: from the source when it answers (re-simulation), else live; recorded. */
function reader(source: InputSource, hooks: RecordingHooks) {
  return <T>(port: OutsidePort, key: string, live: () => T, mask: (value: T) => unknown = (v) => v): T => {
    const recorded = source.read(port, key);
    const value = recorded ? (recorded.value as T) : live();
    hooks.emit(outsideRead({ port, key, value: recorded ? recorded.value : mask(value) }));
    return value;
  };
}

function recordedStorage(storage: KeyValueStore, read: ReturnType<typeof reader>): KeyValueStore {
  return {
    getItem: (key) =>
      read(
        'storage',
        key,
        () => storage.getItem(key),
        (value) => masked(value, key),
      ),
    setItem: (key, value) => storage.setItem(key, value),
    removeItem: (key) => storage.removeItem(key),
  };
}

/** The vault's values that steer the epics' flow; the rest (share passwords, images) only feeds requests. */
const VAULT_READS: Partial<Record<keyof SessionVault, (value: never) => unknown>> = {
  userToken: maskedToken,
  applicationToken: maskedToken,
  token: maskedToken,
  application: (credentials: SessionVault['application']) =>
    credentials && { ...credentials, key: REDACTED, secret: REDACTED },
  connection: (connection: SessionVault['connection']) =>
    connection.csrfToken === undefined ? connection : { ...connection, csrfToken: REDACTED },
  lang: (lang: string) => lang,
};

function recordedVault(vault: SessionVault, read: ReturnType<typeof reader>): SessionVault {
  return new Proxy(vault, {
    get(target, property, receiver) {
      const mask = VAULT_READS[property as keyof SessionVault];
      if (mask)
        return read(
          'vault',
          String(property),
          () => Reflect.get(target, property),
          mask as (v: unknown) => unknown,
        );
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** A stand-in for a picked file a re-simulation cannot hold: its name, size and type as read live. */
interface FileShape {
  name?: string;
  size: number;
  type: string;
}

function recordedFiles(files: NonNullable<Deps['files']>, read: ReturnType<typeof reader>): Deps['files'] {
  return {
    get: (id) => {
      const blob = read<(Blob & { name?: string }) | FileShape | null | undefined>(
        'files',
        id,
        () => files.get(id),
        (file) => (file ? { name: file.name, size: file.size, type: file.type } : null),
      );
      if (!blob || blob instanceof Blob) return blob ?? undefined;
      return Object.assign(new Blob([], { type: blob.type }), { name: blob.name });
    },
    set: (id, file) => files.set(id, file),
    delete: (id) => files.delete(id),
  };
}

/**
 * The deps the epics get from a store that records its inputs: the same ports, each recording
 * what it does as events. Absent ports stay absent live; a re-simulation's source answers them.
 */
export function recordedDeps(deps: Deps, source: InputSource, hooks: RecordingHooks): Deps {
  const call = <R>(port: PortCall, send: () => Observable<R>) =>
    recordedCall(port, send, deps.ids, source, hooks);
  const read = reader(source, hooks);
  const uploads = recordedUploads(deps.uploads, call);
  const scripts = deps.scripts;
  const files = deps.files;
  return {
    ...deps,
    http: recordedHttp(deps.http, call),
    scheduler: recordedScheduler(source, hooks),
    clock: { now: () => hooks.now() },
    storage: recordedStorage(deps.storage, read),
    session: recordedVault(deps.session, read),
    downloads: recordedDownloads(deps.downloads, call),
    ...(uploads && { uploads }),
    ...(scripts && {
      scripts: { isLoaded: (name: string) => read('scripts', name, () => scripts.isLoaded(name)) },
    }),
    ...(files && { files: recordedFiles(files, read) }),
  };
}
