import * as z from 'zod';
import { serializedErrorSchema } from '../core/errors';
import { defineEvent } from '../core/event';

/** `hash` travels with the entry so a replay of the redacted log merges entries the same way. */
export const entryAdded = defineEvent(
  'logs/entryAdded',
  z.object({ name: z.string(), level: z.number().int(), message: z.string(), hash: z.string() }),
  { source: 'system', redact: [] },
);

/** The server took these entries: `count` occurrences of each hash leave the pending list. */
export const batchSent = defineEvent(
  'logs/batchSent',
  z.object({ entries: z.array(z.object({ hash: z.string(), count: z.number().int() })) }),
  { source: 'server', redact: [] },
);

export const batchSendFailed = defineEvent(
  'logs/batchSendFailed',
  z.object({ error: serializedErrorSchema, consecutiveFailures: z.number().int() }),
  { source: 'server', redact: [], failure: true },
);

/** After too many consecutive failures the pending entries are given up (seed 000 §9). */
export const entriesDropped = defineEvent(
  'logs/entriesDropped',
  z.object({ entries: z.number().int(), occurrences: z.number().int() }),
  { source: 'system', redact: [] },
);
