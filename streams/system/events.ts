import * as z from 'zod/mini';
import { serializedErrorSchema } from '../core/errors';
import { defineEvent, defineIntent } from '../core/event';

export { domainLoaded, domainStarted, epicCrashed, reducerFailed } from '../core/system-events';

/** An error nothing handled: a window error, an unhandled rejection, or a view that failed to render. */
export const untrappedErrorCaught = defineEvent(
  'system/untrappedErrorCaught',
  z.object({ origin: z.enum(['window', 'promise', 'render']), error: serializedErrorSchema }),
  { source: 'system', redact: [], failure: true },
);

export const errorDismissed = defineIntent('system/errorDismissed', {});
