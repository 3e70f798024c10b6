import * as z from 'zod/mini';
import { defineIntent } from '../core/event';

/**
 * The route changed. `link`: the portal navigated (pushed to history), `replace`: the same
 * without a history entry, `history`: back or forward in the browser.
 */
export const navigated = defineIntent('router/navigated', {
  path: z.string(),
  search: z.string(),
  via: z.enum(['link', 'replace', 'history']),
});
