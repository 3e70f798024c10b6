import * as z from 'zod';
import { serializedErrorSchema } from '../core/errors';
import { defineEvent } from '../core/event';
import { appInfosSchema } from './api';

/**
 * What the portal read from outside at start: the mount settings (without the application
 * credentials, which stay in the session vault), the browser locale and the address.
 */
export const started = defineEvent(
  'app/started',
  z.object({
    locale: z.string(),
    apiPath: z.string(),
    path: z.string(),
    search: z.string(),
    applicationName: z.string().nullable(),
    hasApplicationCredentials: z.boolean(),
    cookieAuth: z.boolean(),
    sessionAuth: z.boolean(),
    /** other mount settings, by camel-cased name */
    settings: z.record(z.string(), z.string()),
  }),
  { source: 'system', redact: [] },
);

/** The user asks again after the information failed to load. */
export const infoRetried = defineEvent('app/infoRetried', z.object({}), { source: 'ui', redact: [] });
export const infoRequested = defineEvent('app/infoRequested', z.object({}), { source: 'system', redact: [] });
export const infoLoaded = defineEvent('app/infoLoaded', z.object({ infos: appInfosSchema }), {
  source: 'server',
  redact: [],
});
export const infoLoadFailed = defineEvent('app/infoLoadFailed', z.object({ error: serializedErrorSchema }), {
  source: 'server',
  redact: [],
  failure: true,
});

export const availabilityRequested = defineEvent('app/availabilityRequested', z.object({}), {
  source: 'system',
  redact: [],
});
export const availabilityChecked = defineEvent(
  'app/availabilityChecked',
  z.object({ available: z.boolean(), message: z.string().nullable() }),
  { source: 'server', redact: [] },
);
/** The check failed: the application is then assumed available (protocol §19). */
export const availabilityCheckFailed = defineEvent(
  'app/availabilityCheckFailed',
  z.object({ error: serializedErrorSchema }),
  { source: 'server', redact: [], failure: true },
);

/** A 419 answer: the application is in an invalid state (seed 002 §4, protocol §2.2). */
export const applicationInvalidated = defineEvent(
  'app/applicationInvalidated',
  z.object({ path: z.string() }),
  {
    source: 'server',
    redact: [],
  },
);

/** The reset button of the app-not-available view. */
export const resetRequested = defineEvent('app/resetRequested', z.object({}), { source: 'ui', redact: [] });
