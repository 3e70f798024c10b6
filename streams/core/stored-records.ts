import type * as z from 'zod/mini';
import type { KeyValueStore } from './deps';

/**
 * Records kept under one storage key as a JSON array (pending downloads, drafts): what survives a
 * reload. A value that cannot be read, or a record that does not fit its schema, is dropped,
 * never fatal: storage is outside input like a server answer.
 */
export function readStoredRecords<T>(storage: KeyValueStore, key: string, schema: z.ZodMiniType<T>): T[] {
  const text = storage.getItem(key);
  if (!text) return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Stores the records, or forgets the key when there are none left. */
export function writeStoredRecords(storage: KeyValueStore, key: string, records: readonly unknown[]): void {
  if (records.length === 0) storage.removeItem(key);
  else storage.setItem(key, JSON.stringify(records));
}
