import * as z from 'zod/mini';
import { defineAnswer, defineFact, defineFailure } from '../core/event';

/** `hash` travels with the entry so a replay of the redacted log merges entries the same way. */
export const entryAdded = defineFact('logs/entryAdded', 'system', {
  name: z.string(),
  level: z.int(),
  message: z.string(),
  hash: z.string(),
});

/** The server took these entries: `count` occurrences of each hash leave the pending list. */
export const batchSent = defineAnswer('logs/batchSent', {
  entries: z.array(z.object({ hash: z.string(), count: z.int() })),
});

export const batchSendFailed = defineFailure('logs/batchSendFailed', {
  consecutiveFailures: z.int(),
});

/** After too many consecutive failures the pending entries are given up (seed 000 §9). */
export const entriesDropped = defineFact('logs/entriesDropped', 'system', {
  entries: z.int(),
  occurrences: z.int(),
});
