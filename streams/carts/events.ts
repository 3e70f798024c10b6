import * as z from 'zod';
import { serializedErrorSchema } from '../core/errors';
import { defineEvent } from '../core/event';
import { REDACTED } from '../core/redact';
import { type Cart, cartSchema, sortFieldSchema } from './model';

/** Collaborators' names are personal data: exported logs keep their ids only. */
export function redactCart(cart: Cart): Cart {
  return {
    ...cart,
    collaboratorNames: Object.fromEntries(Object.keys(cart.collaboratorNames).map((id) => [id, REDACTED])),
  };
}

/** `redact` of the events that carry a cart. */
export function redactCartPayload<P extends { cart: Cart }>(payload: P): P {
  return { ...payload, cart: redactCart(payload.cart) };
}

/** The cart user profile (protocol §6.1) is asked for once a user is known. */
export const profileRequested = defineEvent('carts/profileRequested', z.object({}), {
  source: 'system',
  redact: [],
});
export const profileLoaded = defineEvent('carts/profileLoaded', z.object({ makePublicBoard: z.boolean() }), {
  source: 'server',
  redact: [],
});
export const profileLoadFailed = defineEvent(
  'carts/profileLoadFailed',
  z.object({ error: serializedErrorSchema }),
  { source: 'server', failure: true, redact: [] },
);

/** The carts screen (or a cart chooser) wants the list: on show, and on the reload button. */
export const listOpened = defineEvent('carts/listOpened', z.object({}), { source: 'ui', redact: [] });
/** A load really starts (it is skipped while one is initial or fetching, protocol §6.3). */
export const listFetchStarted = defineEvent('carts/listFetchStarted', z.object({}), {
  source: 'system',
  redact: [],
});
/** The carts, shared-cart limits applied, in server order. */
export const listLoaded = defineEvent('carts/listLoaded', z.object({ carts: z.array(cartSchema) }), {
  source: 'server',
  redact: (payload) => ({ carts: payload.carts.map(redactCart) }),
});
export const listLoadFailed = defineEvent(
  'carts/listLoadFailed',
  z.object({ error: serializedErrorSchema }),
  { source: 'server', failure: true, redact: [] },
);

export const filterChanged = defineEvent('carts/filterChanged', z.object({ text: z.string() }), {
  source: 'ui',
  redact: [],
});
export const sortChanged = defineEvent(
  'carts/sortChanged',
  z.object({ field: sortFieldSchema, ascending: z.boolean() }),
  { source: 'ui', redact: [] },
);

/** The user closes the message of a rolled-back change. */
export const noticeDismissed = defineEvent('carts/noticeDismissed', z.object({}), {
  source: 'ui',
  redact: [],
});
