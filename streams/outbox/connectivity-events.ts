import * as z from 'zod/mini';
import { defineFact } from '../core/event';

/**
 * The browser said it went online or offline. Apart from the outbox's other events: the session
 * follows it from the first paint, before the outbox's code comes (issue 22).
 */
export const connectivityChanged = defineFact('outbox/connectivityChanged', 'system', {
  online: z.boolean(),
});
