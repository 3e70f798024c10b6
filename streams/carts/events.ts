import * as z from 'zod/mini';
import { defineAnswer, defineFact, defineFailure, defineIntent } from '../core/event';
import { whoAmILoaded } from '../session/events';
import { REDACTED } from '../core/redact';
import { type Cart, cartSchema, sortFieldSchema } from './model';

/** Collaborators' names are personal data: exported logs keep their ids only. */
function redactCart(cart: Cart): Cart {
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
/**
 * The carts started after the identity was known (they load with their first screen): they take
 * it as they would have taken `session/whoAmILoaded`.
 */
export const identityAdopted = defineFact('carts/identityAdopted', 'system', {
  me: whoAmILoaded.schema.shape.me,
});

export const profileRequested = defineFact('carts/profileRequested', 'system', {});
export const profileLoaded = defineAnswer('carts/profileLoaded', { makePublicBoard: z.boolean() });
export const profileLoadFailed = defineFailure('carts/profileLoadFailed');
/** The user asks for the cart profile again after it failed. */
export const profileReloadRequested = defineIntent('carts/profileReloadRequested', {});

/** The carts screen (or a cart chooser) wants the list: on show, and on the reload button. */
/**
 * A screen shows the list: it is loaded. With `reuseFresh` (the "Add to cart" menu), a list
 * loaded less than `config.cartListFreshMs` ago is shown as it is (issue 12 item 16).
 */
export const listOpened = defineIntent('carts/listOpened', { reuseFresh: z.optional(z.boolean()) });
/** A load really starts (it is skipped while one is initial or fetching, protocol §6.3). */
export const listFetchStarted = defineFact('carts/listFetchStarted', 'system', {});
/** The carts, shared-cart limits applied, in server order. */
export const listLoaded = defineAnswer('carts/listLoaded', { carts: z.array(cartSchema) }, (payload) => ({
  carts: payload.carts.map(redactCart),
}));
export const listLoadFailed = defineFailure('carts/listLoadFailed');

export const filterChanged = defineIntent('carts/filterChanged', { text: z.string() });
export const sortChanged = defineIntent('carts/sortChanged', {
  field: sortFieldSchema,
  ascending: z.boolean(),
});

/** The user closes the message of a rolled-back change: the id of the request that was refused. */
export const noticeDismissed = defineIntent('carts/noticeDismissed', { requestId: z.string() });
