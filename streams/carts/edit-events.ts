import * as z from 'zod/mini';
import { serializedErrorSchema } from '../core/errors';
import { defineAnswer, defineFact, defineFailure, defineIntent } from '../core/event';
import { REDACTED } from '../core/redact';
import { redactCartPayload } from './events';
import { cartSchema, itemMapSchema } from './model';

/**
 * Every change of a cart is keyed by its request event's id (`meta.id`): the answers, refusals
 * and failures carry it as `meta.cause`, so each dialog reads the outcome of its own request.
 */
const cartId = z.string();
/** logins and e-mail addresses typed by the user are personal data */
const redactPeople = <P extends { collaborators: string[] }>(payload: P): P => ({
  ...payload,
  collaborators: payload.collaborators.map(() => REDACTED),
});

/**
 * `name` may be missing: the rule then answers 'A cart requires a name' (seed 000 §5).
 * `addItems`: "New cart…" of the "Add to cart" menu creates the cart and adds these items to it
 * in one step for the user (the protocol's create takes no items: they are added once created).
 */
export const createRequested = defineIntent(
  'carts/createRequested',
  {
    name: z.optional(z.string()),
    description: z.string(),
    isPrivate: z.boolean(),
    collaborators: z.array(z.string()),
    addItems: z.optional(itemMapSchema),
  },
  redactPeople,
);
/** The name rule refused it: nothing was sent. */
export const createRefused = defineFact('carts/createRefused', 'system', { message: z.string() });
/** `addItems`: the items the request asked to add once created (carried so a replay adds them too). */
export const created = defineAnswer(
  'carts/created',
  { cart: cartSchema, addItems: z.optional(itemMapSchema) },
  redactCartPayload,
);
export const createFailed = defineFailure('carts/createFailed');

/** Applied at once; rolled back when the server refuses it. */
export const editRequested = defineIntent('carts/editRequested', {
  cartId,
  name: z.optional(z.string()),
  description: z.string(),
  isPrivate: z.boolean(),
});
export const editRefused = defineFact('carts/editRefused', 'system', { cartId, message: z.string() });
export const edited = defineAnswer('carts/edited', { cart: cartSchema }, redactCartPayload);
export const editFailed = defineFailure('carts/editFailed', { cartId });

export const deleteRequested = defineIntent('carts/deleteRequested', { cartId });
export const deleted = defineAnswer('carts/deleted', { cartId });
export const deleteFailed = defineFailure('carts/deleteFailed', { cartId });

/** Adds items from anywhere (the search screen's "Add to cart"): `{<resource>: [ids]}`. */
export const itemsAddRequested = defineIntent('carts/itemsAddRequested', { cartId, items: itemMapSchema });
/** The items a "New cart…" asked for are added to the cart just created (follows `carts/created`). */
export const createdCartFilled = defineFact('carts/createdCartFilled', 'system', {
  cartId,
  items: itemMapSchema,
});
export const itemsAdded = defineAnswer('carts/itemsAdded', { cart: cartSchema }, redactCartPayload);
export const itemsAddFailed = defineFailure('carts/itemsAddFailed', { cartId });

/** Items by key (`resource/id`); removed from the view at once, back on failure. */
export const itemsRemoveRequested = defineIntent('carts/itemsRemoveRequested', {
  cartId,
  keys: z.array(z.string()),
});
export const itemsRemoved = defineAnswer('carts/itemsRemoved', { cart: cartSchema }, redactCartPayload);
export const itemsRemoveFailed = defineFailure('carts/itemsRemoveFailed', { cartId });

/** `url` is the link the invitation carries: the cart's page (protocol §6.1). */
export const collaboratorsAddRequested = defineIntent(
  'carts/collaboratorsAddRequested',
  { cartId, collaborators: z.array(z.string()), url: z.string() },
  redactPeople,
);
/** By user id; removed at once, back on failure. */
export const collaboratorsRemoveRequested = defineIntent('carts/collaboratorsRemoveRequested', {
  cartId,
  collaborators: z.array(z.string()),
});
export const collaboratorsChanged = defineAnswer(
  'carts/collaboratorsChanged',
  { cart: cartSchema },
  redactCartPayload,
);
export const collaboratorsChangeFailed = defineFailure('carts/collaboratorsChangeFailed', { cartId });

/** Leaves a cart shared with me; skipped while the list loads (protocol §6.3). */
export const unsubscribeRequested = defineIntent('carts/unsubscribeRequested', { cartId });
export const unsubscribed = defineAnswer('carts/unsubscribed', { cartId });
export const unsubscribeFailed = defineFailure('carts/unsubscribeFailed', { cartId });

const mutationKind = z.enum([
  'create',
  'edit',
  'delete',
  'addItems',
  'removeItems',
  'collaborators',
  'unsubscribe',
]);

/**
 * A change got no answer (the connection dropped after the request left): the server may have
 * applied it. Its state is read back before the change is confirmed or rolled back, and a create
 * is never sent again blindly. What the server did (source `server`, caused by the request, with
 * the network error).
 */
export const answerLost = defineAnswer('carts/answerLost', {
  kind: mutationKind,
  cartId: z.nullable(z.string()),
  error: serializedErrorSchema,
});

/** The requests a rolled-back notice offers to send again, rebuilt from what the state kept. */
const retryable = {
  edit: editRequested,
  delete: deleteRequested,
  addItems: itemsAddRequested,
  removeItems: itemsRemoveRequested,
} as const;

/** The request to send again for a rolled-back change, or null when it cannot be retried. */
export function retryRequestOf(kind: string, payload: unknown) {
  const creator = retryable[kind as keyof typeof retryable];
  if (!creator || payload === null) return null;
  const parsed = creator.schema.safeParse(payload);
  // biome-ignore lint/suspicious/noExplicitAny: the payload was checked against the creator's own schema
  return parsed.success ? (creator as (payload: any) => ReturnType<typeof creator>)(parsed.data) : null;
}
