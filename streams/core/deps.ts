import type { SharedFact } from './shared-facts';
import type { Observable, SchedulerLike } from 'rxjs';
import type { Config } from './config';
import type { Http, HttpRequest } from './http';
import type { SessionVault } from './session-vault';

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface BrowserLocation {
  path: string;
  search: string;
}

/** The browser history, behind a port so that tests and replay never touch the real one. */
interface HistoryPort {
  current(): BrowserLocation;
  push(location: BrowserLocation): void;
  replace(location: BrowserLocation): void;
  /** back / forward buttons */
  popped$: Observable<BrowserLocation>;
}

/** Opens a URL the browser loads itself (a zip download): never read into memory. */
export interface DownloadPort {
  open(url: string, fileName?: string): void;
  /**
   * Hands a file's url to the browser and watches the start of its download: the observable
   * errors when the browser got a page (an error, a dropped connection) instead of a file, and
   * otherwise never ends (the caller decides when the start is confirmed). Without it, `open`.
   */
  start?(url: string, fileName?: string): Observable<never>;
  /**
   * Fetches a file in the page and saves it as `fileName` (issue 13): reports the bytes received
   * (`total` -1 when the server does not say), completes once saved, errors when the file did not
   * come. Unsubscribing aborts it. Absent where no page runs (most tests).
   */
  fetchFile?(url: string, fileName: string): Observable<{ loaded: number; total: number }>;
}

/** Whether a script loaded by the page put its global in place (a player script, protocol §13.2). */
interface ScriptsPort {
  isLoaded(name: string): boolean;
}

/**
 * The File objects of the uploads (protocol §15.2): never in events or state, kept here under
 * their temporary id `{epoch ms}_{n}` (`temporaryUploadId`, streams/imports/model.ts), which the
 * events carry. A plain Map in the browser and in tests.
 */
export type FilesPort = Pick<Map<string, Blob & { name?: string }>, 'get' | 'set' | 'delete'>;

/** What an upload reports: bytes sent so far, then the answer. */
export type UploadReport<T> =
  | { kind: 'progress'; loaded: number; total: number }
  | { kind: 'answer'; status: number; data: T };

/**
 * Sends a request whose body is large (a multipart upload) and reports the bytes sent (XHR upload
 * progress in the browser). Unsubscribing aborts it. Errors as `http.request` does.
 */
export interface UploadPort {
  send<T>(request: HttpRequest<T>): Observable<UploadReport<T>>;
}

/**
 * The other tabs of this browser (issue 25): a BroadcastChannel and a Web Lock, outside inputs
 * like the history. Absent where no page runs (most tests): the tab is then alone and leads.
 */
export interface TabsPort {
  /** what the other tabs posted, as it arrived (not validated) */
  received$: Observable<unknown>;
  /** posts to the other tabs: never a secret */
  post(message: unknown): void;
  /** asks for the leader's lock: emits once it is held; unsubscribing gives it up */
  leadership$: Observable<void>;
}

/**
 * Records that outlive the tab (IndexedDB in the browser): the outbox's writes not yet sent, one
 * record per key. `read` emits the record (undefined when there is none) and completes.
 */
export interface DurablePort {
  read(key: string): Observable<unknown>;
  /** stores the record, or deletes the key when `value` is undefined */
  write(key: string, value: unknown): Observable<void>;
}

/** The browser's `online` and `offline` events, as they come (no first value). */
export interface NetworkPort {
  online$: Observable<boolean>;
}

export interface Deps {
  http: Http;
  scheduler: SchedulerLike;
  clock: { now(): number };
  ids: { next(): string };
  storage: KeyValueStore;
  session: SessionVault;
  history: HistoryPort;
  downloads: DownloadPort;
  /** absent where no page runs scripts (most tests): the player script wait then does nothing */
  scripts?: ScriptsPort;
  /** the uploads' File objects */
  files?: FilesPort;
  /** large bodies with progress; without it, uploads go through `http` without progress */
  uploads?: UploadPort;
  /** the other tabs; without it the tab is alone */
  tabs?: TabsPort;
  /**
   * How an event type crosses to the other tabs (the `shares` of the domains whose code the store
   * has, given by the root epic), or undefined when it stays in this one
   */
  sharedFact?: (type: string) => SharedFact | undefined;
  /** absent where no browser keeps records (most tests, a re-simulation): nothing is stored then */
  durable?: DurablePort;
  /** absent where no browser runs: the connection is then never said to change */
  network?: NetworkPort;
  config: Config;
}

/** Deterministic ids: `${prefix}1`, `${prefix}2`... (tests, replay); live ids add a random session prefix. */
export function sequentialIds(prefix = 'e'): { next(): string } {
  let counter = 0;
  return {
    next() {
      counter += 1;
      return `${prefix}${counter}`;
    },
  };
}
