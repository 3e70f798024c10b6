import * as z from 'zod/mini';
import { nonnegative, positive } from '../core/bounds';
import { defineAnswer, defineFact, defineFailure, defineIntent } from '../core/event';
import { redactCartPayload } from './events';
import { cartItemSchema, cartSchema, contentModeSchema, fulltextModeSchema } from './model';

const cartId = z.string();
const index = z.int().check(nonnegative());

/** The cart screen shows a cart: its items are listed, then viewed (protocol §6.4). */
export const cartOpened = defineIntent('carts/cartOpened', { cartId });

/** `listCartItems`: resolving, then resolved. */
export const itemsListStarted = defineFact('carts/itemsListStarted', 'system', { cartId });
/**
 * `huge`: the cart is shown through the list query, in chunks of `chunkSize` items (protocol
 * §6.6); the size travels here so that a replay cuts the chunks as the session did.
 */
export const itemsListed = defineAnswer(
  'carts/itemsListed',
  {
    cart: cartSchema,
    huge: z.boolean(),
    chunkSize: z.int().check(positive()),
    /** how the content is read from here on (seed 002 §4); absent in logs from before it: `cart` */
    contentMode: z.optional(contentModeSchema),
  },
  redactCartPayload,
);

/**
 * The content mode the user chose (seed 002 §4: cart, cursor or both); until then the mount
 * setting `carts-cart-content-mode` says, else `cart`. It applies to the carts opened next.
 */
export const contentModeChosen = defineIntent('carts/contentModeChosen', { mode: contentModeSchema });
export const itemsListFailed = defineFailure('carts/itemsListFailed', { cartId });

/** `viewCart` with the cart's full-text filter. */
export const viewStarted = defineFact('carts/viewStarted', 'system', {
  cartId,
  fulltext: z.string(),
  mode: fulltextModeSchema,
});
export const viewLoaded = defineAnswer(
  'carts/viewLoaded',
  { cart: cartSchema, details: z.array(cartItemSchema), filtered: z.boolean() },
  redactCartPayload,
);
export const viewLoadFailed = defineFailure('carts/viewLoadFailed', { cartId });

/** The full-text filter inside a cart; asked for after the fulltext debounce. */
export const contentFilterChanged = defineIntent('carts/contentFilterChanged', {
  cartId,
  fulltext: z.string(),
  mode: fulltextModeSchema,
});

/** The items on screen in a huge cart's grid, by position. */
export const visibleRangeChanged = defineIntent('carts/visibleRangeChanged', {
  cartId,
  first: z.int().check(nonnegative()),
  last: z.int().check(nonnegative()),
});
/** The chunks of the sliding window; the details of the chunks that left it are dropped. */
export const windowMoved = defineFact('carts/windowMoved', 'system', {
  cartId,
  chunks: z.array(index),
  dropped: z.array(z.string()),
});
export const chunkRequested = defineFact('carts/chunkRequested', 'system', { cartId, index });
/**
 * The chunk whose sequence the cart's list query runs now: its next page (`cursors/pageLoaded`
 * of `~[CART@{id}]`) holds this chunk's details, its failure is this chunk's.
 */
export const chunkActivated = defineFact('carts/chunkActivated', 'system', { cartId, index });

const playerTarget = { cartId, resource: z.string(), id: z.string(), player: z.string() };

/** An item's preview player; tracked per (cart, type, id, player) (protocol §23.8). */
export const itemPlayerRequested = defineIntent('carts/itemPlayerRequested', playerTarget);
export const itemPlayerStarted = defineFact('carts/itemPlayerStarted', 'system', playerTarget);
export const itemPlayerLoaded = defineAnswer('carts/itemPlayerLoaded', {
  ...playerTarget,
  html: z.string(),
  javascriptUrls: z.array(z.string()),
});
export const itemPlayerFailed = defineFailure('carts/itemPlayerFailed', playerTarget);
