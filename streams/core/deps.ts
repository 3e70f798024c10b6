import type { Observable, SchedulerLike } from 'rxjs';
import type { Config } from './config';
import type { Http } from './http';
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
export interface HistoryPort {
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
}

/** Whether a script loaded by the page put its global in place (a player script, protocol §13.2). */
export interface ScriptsPort {
  isLoaded(name: string): boolean;
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
  /** absent where no page runs scripts (re-simulation): the player script wait then does nothing */
  scripts?: ScriptsPort;
  config: Config;
}

export class MemoryStorage implements KeyValueStore {
  private readonly values = new Map<string, string>();
  getItem(key: string): string | null {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.values.set(key, value);
  }
  removeItem(key: string): void {
    this.values.delete(key);
  }
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
