import * as z from 'zod/mini';
import { positive } from '../core/bounds';
import type { HttpRequest } from '../core/http';

/** Levels of protocol §5: the lower, the more severe. */
export const LOG_LEVELS = { off: -1, fatal: 0, error: 10, warn: 20, info: 30, debug: 40, trace: 50 } as const;

const logEntrySchema = z.object({
  name: z.string(),
  hash: z.string(),
  count: z.int().check(positive()),
  level: z.int(),
  message: z.string(),
  times: z.array(z.number()),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

/** [conv] `hash` identifies level + message, so identical entries of one batch merge. */
export function logHash(level: number, message: string): string {
  let hash = 0x811c9dc5;
  const text = `${level}:${message}`;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** The payload of `logs/entryAdded`: the entry with its hash. */
export function newLogEntry(name: string, level: number, message: string) {
  return { name, level, message, hash: logHash(level, message) };
}

export function sendLogs(entries: readonly LogEntry[]): HttpRequest<undefined> {
  return {
    method: 'POST',
    path: '/packaged/portal/log',
    body: { form: { TYPE: 'LOGS', MESSAGE: JSON.stringify(entries) } },
  };
}
