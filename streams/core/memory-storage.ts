import type { KeyValueStore } from './deps';

/** A storage that forgets: a re-simulation's and the tests' `deps.storage`, never the browser's. */
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
