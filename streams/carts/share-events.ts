import * as z from 'zod';
import { serializedErrorSchema } from '../core/errors';
import { defineEvent } from '../core/event';
import { REDACTED } from '../core/redact';
import { redactCartPayload } from './events';
import {
  cartItemSchema,
  cartSchema,
  codeLabelSchema,
  createdShareSchema,
  itemMapSchema,
  shareInfoSchema,
} from './model';

const failure = { source: 'server', failure: true, redact: [] } as const;
const uuid = z.string();

/** The share dialog opened: the share actions and the zip profiles are loaded (protocol §6.4). */
export const shareOptionsRequested = defineEvent('carts/shareOptionsRequested', z.object({}), {
  source: 'ui',
  redact: [],
});
export const shareActionsStarted = defineEvent('carts/shareActionsStarted', z.object({}), {
  source: 'system',
  redact: [],
});
export const shareActionsLoaded = defineEvent(
  'carts/shareActionsLoaded',
  z.object({ actions: z.array(codeLabelSchema) }),
  { source: 'server', redact: [] },
);
export const shareActionsLoadFailed = defineEvent(
  'carts/shareActionsLoadFailed',
  z.object({ error: serializedErrorSchema }),
  failure,
);
export const profilesStarted = defineEvent('carts/profilesStarted', z.object({}), {
  source: 'system',
  redact: [],
});
export const profilesLoaded = defineEvent(
  'carts/profilesLoaded',
  z.object({ profiles: z.array(codeLabelSchema) }),
  { source: 'server', redact: [] },
);
export const profilesLoadFailed = defineEvent(
  'carts/profilesLoadFailed',
  z.object({ error: serializedErrorSchema }),
  failure,
);

/**
 * Shares a cart as a link (chosen actions, optional password) or as a zip (a profile). The
 * password is issued by the server: it goes to the session vault, never into an event.
 */
export const shareRequested = defineEvent(
  'carts/shareRequested',
  z.object({
    cartId: z.string(),
    mode: z.enum(['link', 'zip']),
    description: z.string(),
    expires: z.number().nullable(),
    actions: z.array(z.string()),
    collaborators: z.array(z.string()),
    askForPassword: z.boolean(),
    withAssetsDescriptions: z.boolean(),
    profile: z.string().nullable(),
    url: z.string(),
  }),
  {
    source: 'ui',
    redact: (payload) => ({ ...payload, collaborators: payload.collaborators.map(() => REDACTED) }),
  },
);
export const shareCreated = defineEvent(
  'carts/shareCreated',
  z.object({ cartId: z.string(), share: createdShareSchema }),
  { source: 'server', redact: [] },
);
export const shareFailed = defineEvent(
  'carts/shareFailed',
  z.object({ cartId: z.string(), error: serializedErrorSchema }),
  failure,
);
/** The share dialog shows a new form again. */
export const shareDialogReset = defineEvent('carts/shareDialogReset', z.object({ cartId: z.string() }), {
  source: 'ui',
  redact: [],
});

/** The links I created for a cart, when the server lists them. */
/** `link`: the address of a share, `{uuid}` standing for its uuid (the server does not list it). */
export const sharesListRequested = defineEvent(
  'carts/sharesListRequested',
  z.object({ cartId: z.string(), link: z.string() }),
  { source: 'ui', redact: [] },
);
export const sharesListed = defineEvent(
  'carts/sharesListed',
  z.object({ cartId: z.string(), shares: z.array(createdShareSchema) }),
  { source: 'server', redact: [] },
);
export const sharesListFailed = defineEvent(
  'carts/sharesListFailed',
  z.object({ cartId: z.string(), error: serializedErrorSchema }),
  failure,
);

/**
 * Opens a shared cart (protocol §6.4). `withPassword`: the password the visitor typed is in the
 * session vault for this uuid; it never travels in an event.
 */
export const sharedCartOpened = defineEvent(
  'carts/sharedCartOpened',
  z.object({ uuid, withPassword: z.boolean() }),
  { source: 'ui', redact: [] },
);
export const sharedCartStarted = defineEvent(
  'carts/sharedCartStarted',
  z.object({ uuid, withPassword: z.boolean() }),
  { source: 'system', redact: [] },
);
export const sharedCartLoaded = defineEvent(
  'carts/sharedCartLoaded',
  z.object({ uuid, cart: cartSchema, details: z.array(cartItemSchema), share: shareInfoSchema }),
  { source: 'server', redact: redactCartPayload },
);
/** 401 (password needed or wrong), 404 (unknown or expired) and any other failure: `error`, body kept. */
export const sharedCartFailed = defineEvent(
  'carts/sharedCartFailed',
  z.object({ uuid, withPassword: z.boolean(), error: serializedErrorSchema }),
  failure,
);

/** An action the share allows (`withShare`), on the whole share or on some items. */
export const shareActionRequested = defineEvent(
  'carts/shareActionRequested',
  z.object({ uuid, action: z.string(), items: itemMapSchema.nullable() }),
  { source: 'ui', redact: [] },
);
export const shareActionDone = defineEvent('carts/shareActionDone', z.object({ uuid, action: z.string() }), {
  source: 'server',
  redact: [],
});
export const shareActionFailed = defineEvent(
  'carts/shareActionFailed',
  z.object({ uuid, action: z.string(), error: serializedErrorSchema }),
  failure,
);
