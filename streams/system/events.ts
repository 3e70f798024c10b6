import * as z from 'zod';
import { serializedErrorSchema } from '../core/errors';
import { defineEvent } from '../core/event';

export { epicCrashed, reducerFailed } from '../core/system-events';

/** An error nothing handled: a window error, an unhandled rejection, or a view that failed to render. */
export const untrappedErrorCaught = defineEvent(
  'system/untrappedErrorCaught',
  z.object({ origin: z.enum(['window', 'promise', 'render']), error: serializedErrorSchema }),
  { source: 'system', redact: [], failure: true },
);

export const errorDismissed = defineEvent('system/errorDismissed', z.object({}), {
  source: 'ui',
  redact: [],
});
