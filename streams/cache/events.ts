import * as z from 'zod/mini';
import { serializedErrorSchema } from '../core/errors';
import { defineEvent, defineFact } from '../core/event';
import { rowSchema } from '../cursors/events';

/**
 * The last search's first page as the user saw it (issue 22): the address it answered (`query`,
 * the search part of `/search?…`), its rows and their total. Nothing else of the session.
 */
const cachedSearchSchema = z.object({
  query: z.string(),
  resource: z.string(),
  rows: z.array(rowSchema),
  total: z.number(),
  /**
   * the viewer saw watermarked pictures: the kept page asks for the same ones, which the browser
   * holds, not the other variation before who-am-I says which (20 requests ahead of the page's own)
   */
  watermarked: z.boolean(),
});
export type CachedSearch = z.infer<typeof cachedSearchSchema>;

/** What is kept for one user in durable storage, one record per user. */
export const cachedRecordSchema = z.object({ search: z.optional(cachedSearchSchema) });
export type CachedRecord = z.infer<typeof cachedRecordSchema>;

/**
 * What the last visit of this user left in durable storage, read back at the start of this one
 * (an outside input of the log, like `outbox/restored`): shown at once, then revalidated.
 */
export const restored = defineFact('cache/restored', 'storage', {
  surfer: z.string(),
  record: cachedRecordSchema,
});

/** Durable storage could not be read: the visit goes on without a cache (the requests still come). */
export const readFailed = defineEvent(
  'cache/readFailed',
  z.object({ surfer: z.string(), error: serializedErrorSchema }),
  { source: 'storage', redact: [], failure: true },
);
