import * as z from 'zod';
import { defineEvent } from '../core/event';

export const locationSchema = z.object({ path: z.string(), search: z.string() });

/**
 * The route changed. `link`: the portal navigated (pushed to history), `replace`: the same
 * without a history entry, `history`: back or forward in the browser.
 */
export const navigated = defineEvent(
  'router/navigated',
  locationSchema.extend({ via: z.enum(['link', 'replace', 'history']) }),
  { source: 'ui', redact: [] },
);
