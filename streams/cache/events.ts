import * as z from 'zod/mini';
import { infoLoaded } from '../app/events';
import { serializedErrorSchema } from '../core/errors';
import { defineEvent, defineFact } from '../core/event';
import { viewLoaded } from '../carts/content-events';
import { listLoaded, redactCartPayload } from '../carts/events';
import { rowSchema } from '../cursors/events';
import { headersReceived } from '../schemas/events';

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

/** A cart as its screen last showed it, unfiltered: the cart and its items in cart order. */
const cachedCartSchema = z.object({
  cart: viewLoaded.schema.shape.cart,
  items: viewLoaded.schema.shape.details,
});
export type CachedCart = z.infer<typeof cachedCartSchema>;
export type KeptCart = CachedCart['cart'];

/** An asset page as last shown: the asset's row (its metadata) and its name. */
const cachedAssetSchema = z.object({
  id: z.string(),
  name: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type CachedAsset = z.infer<typeof cachedAssetSchema>;

/**
 * What is kept for one user in durable storage, one record per user. The carts opened and the
 * asset pages come most recent first, at most `cacheCartsKept` and `cacheAssetsKept`.
 */
export const cachedRecordSchema = z.object({
  search: z.optional(cachedSearchSchema),
  /** the application's infos as the header showed them (name, logos, backgrounds) */
  infos: z.optional(infoLoaded.schema.shape.infos),
  /** the schema headers answered (their fields name and label the asset page's metadata) */
  schemas: z.optional(z.array(headersReceived.schema.shape.schema)),
  /** the carts list, in server order */
  carts: z.optional(listLoaded.schema.shape.carts),
  cartContents: z.optional(z.array(cachedCartSchema)),
  assets: z.optional(z.array(cachedAssetSchema)),
});
export type CachedRecord = z.infer<typeof cachedRecordSchema>;

/** Collaborators' names are personal data: an exported log keeps their ids only, as the carts' events do. */
function redactRecord(payload: { surfer: string; record: CachedRecord }) {
  const { record } = payload;
  const redactCart = (cart: CachedCart['cart']) => redactCartPayload({ cart }).cart;
  return {
    ...payload,
    record: {
      ...record,
      ...(record.carts && { carts: record.carts.map(redactCart) }),
      ...(record.cartContents && {
        cartContents: record.cartContents.map((kept) => ({ ...kept, cart: redactCart(kept.cart) })),
      }),
    },
  };
}

/**
 * What the last visit of this user left in durable storage, read back at the start of this one
 * (an outside input of the log, like `outbox/restored`): shown at once, then revalidated.
 */
export const restored = defineFact(
  'cache/restored',
  'storage',
  { surfer: z.string(), record: cachedRecordSchema },
  redactRecord,
);

/** Durable storage could not be read: the visit goes on without a cache (the requests still come). */
export const readFailed = defineEvent(
  'cache/readFailed',
  z.object({ surfer: z.string(), error: serializedErrorSchema }),
  { source: 'storage', redact: [], failure: true },
);
