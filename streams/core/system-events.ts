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

/**
 * A timer of an epic fired (a debounce, a poll, a delay): dispatched just before its work runs.
 * The key names it the same way in every run of the same inputs: `<epic>#<n>` for the n-th time
 * that epic armed a timer. A re-simulation fires a timer only when this event comes in the log.
 */
export const timerFired = defineEvent('system/timerFired', z.object({ key: z.string() }), {
  source: 'timer',
  redact: [],
});

/**
 * A request left through a port (`http`, `uploads`, `downloads`): the events its answer sets off
 * carry its `requestId` in `meta.request`. Query and body are not recorded; the path is.
 */
export const requestSent = defineEvent(
  'system/requestSent',
  z.object({
    requestId: z.string(),
    method: z.string(),
    path: z.string(),
    port: z.enum(['http', 'uploads', 'downloads']),
  }),
  { source: 'system', redact: [] },
);

/**
 * A port's request reported a value (upload or download progress, an upload's answer): small
 * JSON, recorded whole, so a re-simulation hands the same value to the epic, which maps it again.
 */
export const requestReported = defineEvent(
  'system/requestReported',
  z.object({ requestId: z.string(), value: z.unknown() }),
  { source: 'server', redact: [] },
);

/**
 * A request ended: answered in full, or failed with `error`. What its answer set off before that
 * carries its id in `meta.request`; what the end sets off (a failure's mapping, the next request of
 * a queue) is recomputed by a re-simulation, which ends the request here as the live one ended.
 */
export const requestEnded = defineEvent(
  'system/requestEnded',
  z.object({ requestId: z.string(), error: z.optional(serializedErrorSchema) }),
  { source: 'server', redact: [] },
);

/**
 * An epic read a value kept outside the state (the browser's storage, the session vault, the
 * files picked for upload, a loaded script): the value is an input of the run, so a re-simulation
 * reads it back from here. Secrets are masked (`value` then stands for their presence only).
 */
export const outsideRead = defineEvent(
  'system/outsideRead',
  z.object({ port: z.enum(['storage', 'vault', 'files', 'scripts']), key: z.string(), value: z.unknown() }),
  { source: 'storage', redact: [] },
);
