import * as z from 'zod';
import { serializedErrorSchema } from '../core/errors';
import { defineEvent } from '../core/event';
import { REDACTED } from '../core/redact';
import { redactCartPayload } from './events';
import { cartSchema, itemMapSchema } from './model';

const cartId = z.string();
/** logins and e-mail addresses typed by the user are personal data */
const redactPeople = <P extends { collaborators: string[] }>(payload: P): P => ({
  ...payload,
  collaborators: payload.collaborators.map(() => REDACTED),
});
const failure = { source: 'server', failure: true, redact: [] } as const;

/** `name` may be missing: the rule then answers 'A cart requires a name' (seed 000 §5). */
export const createRequested = defineEvent(
  'carts/createRequested',
  z.object({
    name: z.string().optional(),
    description: z.string(),
    isPrivate: z.boolean(),
    collaborators: z.array(z.string()),
  }),
  { source: 'ui', redact: redactPeople },
);
/** The name rule refused it: nothing was sent. */
export const createRefused = defineEvent('carts/createRefused', z.object({ message: z.string() }), {
  source: 'system',
  redact: [],
});
export const created = defineEvent('carts/created', z.object({ cart: cartSchema }), {
  source: 'server',
  redact: redactCartPayload,
});
export const createFailed = defineEvent(
  'carts/createFailed',
  z.object({ error: serializedErrorSchema }),
  failure,
);

/** Applied at once; rolled back when the server refuses it. */
export const editRequested = defineEvent(
  'carts/editRequested',
  z.object({ cartId, name: z.string().optional(), description: z.string(), isPrivate: z.boolean() }),
  { source: 'ui', redact: [] },
);
export const editRefused = defineEvent('carts/editRefused', z.object({ cartId, message: z.string() }), {
  source: 'system',
  redact: [],
});
export const edited = defineEvent('carts/edited', z.object({ cart: cartSchema }), {
  source: 'server',
  redact: redactCartPayload,
});
export const editFailed = defineEvent(
  'carts/editFailed',
  z.object({ cartId, error: serializedErrorSchema }),
  failure,
);

export const deleteRequested = defineEvent('carts/deleteRequested', z.object({ cartId }), {
  source: 'ui',
  redact: [],
});
export const deleted = defineEvent('carts/deleted', z.object({ cartId }), { source: 'server', redact: [] });
export const deleteFailed = defineEvent(
  'carts/deleteFailed',
  z.object({ cartId, error: serializedErrorSchema }),
  failure,
);

/** Adds items from anywhere (the search screen's "Add to cart"): `{<resource>: [ids]}`. */
export const itemsAddRequested = defineEvent(
  'carts/itemsAddRequested',
  z.object({ cartId, items: itemMapSchema }),
  { source: 'ui', redact: [] },
);
export const itemsAdded = defineEvent('carts/itemsAdded', z.object({ cart: cartSchema }), {
  source: 'server',
  redact: redactCartPayload,
});
export const itemsAddFailed = defineEvent(
  'carts/itemsAddFailed',
  z.object({ cartId, error: serializedErrorSchema }),
  failure,
);

/** Items by key (`resource/id`); removed from the view at once, back on failure. */
export const itemsRemoveRequested = defineEvent(
  'carts/itemsRemoveRequested',
  z.object({ cartId, keys: z.array(z.string()) }),
  { source: 'ui', redact: [] },
);
export const itemsRemoved = defineEvent('carts/itemsRemoved', z.object({ cart: cartSchema }), {
  source: 'server',
  redact: redactCartPayload,
});
export const itemsRemoveFailed = defineEvent(
  'carts/itemsRemoveFailed',
  z.object({ cartId, error: serializedErrorSchema }),
  failure,
);

/** `url` is the link the invitation carries: the cart's page (protocol §6.1). */
export const collaboratorsAddRequested = defineEvent(
  'carts/collaboratorsAddRequested',
  z.object({ cartId, collaborators: z.array(z.string()), url: z.string() }),
  { source: 'ui', redact: redactPeople },
);
/** By user id; removed at once, back on failure. */
export const collaboratorsRemoveRequested = defineEvent(
  'carts/collaboratorsRemoveRequested',
  z.object({ cartId, collaborators: z.array(z.string()) }),
  { source: 'ui', redact: [] },
);
export const collaboratorsChanged = defineEvent(
  'carts/collaboratorsChanged',
  z.object({ cart: cartSchema }),
  {
    source: 'server',
    redact: redactCartPayload,
  },
);
export const collaboratorsChangeFailed = defineEvent(
  'carts/collaboratorsChangeFailed',
  z.object({ cartId, error: serializedErrorSchema }),
  failure,
);

/** Leaves a cart shared with me; skipped while the list loads (protocol §6.3). */
export const unsubscribeRequested = defineEvent('carts/unsubscribeRequested', z.object({ cartId }), {
  source: 'ui',
  redact: [],
});
export const unsubscribed = defineEvent('carts/unsubscribed', z.object({ cartId }), {
  source: 'server',
  redact: [],
});
export const unsubscribeFailed = defineEvent(
  'carts/unsubscribeFailed',
  z.object({ cartId, error: serializedErrorSchema }),
  failure,
);
