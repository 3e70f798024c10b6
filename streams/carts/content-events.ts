import * as z from 'zod';
import { serializedErrorSchema } from '../core/errors';
import { defineEvent } from '../core/event';
import { redactCartPayload } from './events';
import { cartItemSchema, cartSchema, fulltextModeSchema } from './model';

const cartId = z.string();

/** The cart screen shows a cart: its items are listed, then viewed (protocol §6.4). */
export const cartOpened = defineEvent('carts/cartOpened', z.object({ cartId }), { source: 'ui', redact: [] });

/** `listCartItems`: resolving, then resolved. */
export const itemsListStarted = defineEvent('carts/itemsListStarted', z.object({ cartId }), {
  source: 'system',
  redact: [],
});
/** `huge`: the cart is shown through the list query, in chunks (protocol §6.6). */
export const itemsListed = defineEvent(
  'carts/itemsListed',
  z.object({ cart: cartSchema, huge: z.boolean() }),
  { source: 'server', redact: redactCartPayload },
);
export const itemsListFailed = defineEvent(
  'carts/itemsListFailed',
  z.object({ cartId, error: serializedErrorSchema }),
  { source: 'server', failure: true, redact: [] },
);

/** `viewCart` with the cart's full-text filter. */
export const viewStarted = defineEvent(
  'carts/viewStarted',
  z.object({ cartId, fulltext: z.string(), mode: fulltextModeSchema }),
  { source: 'system', redact: [] },
);
export const viewLoaded = defineEvent(
  'carts/viewLoaded',
  z.object({ cart: cartSchema, details: z.array(cartItemSchema), filtered: z.boolean() }),
  { source: 'server', redact: redactCartPayload },
);
export const viewLoadFailed = defineEvent(
  'carts/viewLoadFailed',
  z.object({ cartId, error: serializedErrorSchema }),
  { source: 'server', failure: true, redact: [] },
);

/** The full-text filter inside a cart; asked for after the fulltext debounce. */
export const contentFilterChanged = defineEvent(
  'carts/contentFilterChanged',
  z.object({ cartId, fulltext: z.string(), mode: fulltextModeSchema }),
  { source: 'ui', redact: [] },
);

/** The items on screen in a huge cart's grid, by position. */
export const visibleRangeChanged = defineEvent(
  'carts/visibleRangeChanged',
  z.object({ cartId, first: z.number().int().nonnegative(), last: z.number().int().nonnegative() }),
  { source: 'ui', redact: [] },
);
/** The chunks of the sliding window; the details of the chunks that left it are dropped. */
export const windowMoved = defineEvent(
  'carts/windowMoved',
  z.object({ cartId, chunks: z.array(z.number().int().nonnegative()), dropped: z.array(z.string()) }),
  { source: 'system', redact: [] },
);
export const chunkRequested = defineEvent(
  'carts/chunkRequested',
  z.object({ cartId, index: z.number().int().nonnegative() }),
  { source: 'system', redact: [] },
);
export const chunkLoaded = defineEvent(
  'carts/chunkLoaded',
  z.object({ cartId, index: z.number().int().nonnegative(), details: z.array(cartItemSchema) }),
  { source: 'server', redact: [] },
);
export const chunkLoadFailed = defineEvent(
  'carts/chunkLoadFailed',
  z.object({ cartId, index: z.number().int().nonnegative(), error: serializedErrorSchema }),
  { source: 'server', failure: true, redact: [] },
);

const playerTarget = { cartId, resource: z.string(), id: z.string(), player: z.string() };

/** An item's preview player; tracked per (cart, type, id, player) (protocol §23.8). */
export const itemPlayerRequested = defineEvent('carts/itemPlayerRequested', z.object(playerTarget), {
  source: 'ui',
  redact: [],
});
export const itemPlayerStarted = defineEvent('carts/itemPlayerStarted', z.object(playerTarget), {
  source: 'system',
  redact: [],
});
export const itemPlayerLoaded = defineEvent(
  'carts/itemPlayerLoaded',
  z.object({ ...playerTarget, html: z.string(), javascriptUrls: z.array(z.string()) }),
  { source: 'server', redact: [] },
);
export const itemPlayerFailed = defineEvent(
  'carts/itemPlayerFailed',
  z.object({ ...playerTarget, error: serializedErrorSchema }),
  { source: 'server', failure: true, redact: [] },
);

/** The items ticked for a multi-select remove. */
export const selectionChanged = defineEvent(
  'carts/selectionChanged',
  z.object({ cartId, keys: z.array(z.string()) }),
  { source: 'ui', redact: [] },
);
