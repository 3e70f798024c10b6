import * as z from 'zod/mini';
import { serializedErrorSchema } from './errors';
import { defineEvent } from './event';

/** Kernel events: the store and the epic combiner emit these, the system slice keeps them. */
export const reducerFailed = defineEvent(
  'system/reducerFailed',
  z.object({ eventType: z.string(), eventSeq: z.number(), error: serializedErrorSchema }),
  { source: 'system', redact: [], failure: true },
);

export const epicCrashed = defineEvent(
  'system/epicCrashed',
  z.object({ epic: z.string(), error: serializedErrorSchema, restarted: z.boolean() }),
  { source: 'system', redact: [], failure: true },
);

/**
 * The code of a domain that loads with its first screen has arrived (`streams/root.ts`): from
 * now on its reducer folds events and its epics run. Recorded, so a replay folds the same.
 */
export const domainLoaded = defineEvent('system/domainLoaded', z.object({ name: z.string() }), {
  source: 'system',
  redact: [],
});

/** A loaded domain's epics are running: they catch up here on what happened before they ran. */
export const domainStarted = defineEvent('system/domainStarted', z.object({ name: z.string() }), {
  source: 'system',
  redact: [],
});
