import * as z from 'zod/mini';
import { defineAnswer, defineFact, defineFailure, defineIntent } from '../core/event';
import { appInfosSchema } from './api';

/**
 * What the portal read from outside at start: the mount settings (without the application
 * credentials, which stay in the session vault), the browser locale and the address.
 */
export const started = defineFact('app/started', 'system', {
  locale: z.string(),
  apiPath: z.string(),
  path: z.string(),
  search: z.string(),
  applicationName: z.nullable(z.string()),
  hasApplicationCredentials: z.boolean(),
  cookieAuth: z.boolean(),
  sessionAuth: z.boolean(),
  /** other mount settings, by camel-cased name */
  settings: z.record(z.string(), z.string()),
});

/** The user asks again after the information failed to load. */
export const infoRetried = defineIntent('app/infoRetried', {});
export const infoRequested = defineFact('app/infoRequested', 'system', {});
export const infoLoaded = defineAnswer('app/infoLoaded', { infos: appInfosSchema });
export const infoLoadFailed = defineFailure('app/infoLoadFailed');
/**
 * The infos the header showed on this user's last visit, kept by the cache (issue 22): shown
 * until this visit's answer comes, and offline.
 */
export const infosRestored = defineFact('app/infosRestored', 'system', { infos: appInfosSchema });

export const availabilityRequested = defineFact('app/availabilityRequested', 'system', {});
export const availabilityChecked = defineAnswer('app/availabilityChecked', {
  available: z.boolean(),
  message: z.nullable(z.string()),
});
/** The check failed: the application is then assumed available (protocol §19). */
export const availabilityCheckFailed = defineFailure('app/availabilityCheckFailed');
/** The user asks the availability again after the check failed (the portal went on as available). */
export const availabilityRetryRequested = defineIntent('app/availabilityRetryRequested', {});

/** A 419 answer: the application is in an invalid state (seed 002 §4, protocol §2.2). */
export const applicationInvalidated = defineAnswer('app/applicationInvalidated', { path: z.string() });

/** The reset button of the app-not-available view. */
export const resetRequested = defineIntent('app/resetRequested', {});
