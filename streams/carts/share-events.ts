import * as z from 'zod/mini';
import { defineAnswer, defineFact, defineFailure, defineIntent } from '../core/event';
import { REDACTED } from '../core/redact';
import { redactCartPayload } from './events';
import {
  cartItemSchema,
  cartSchema,
  codeLabelSchema,
  createdShareSchema,
  itemMapSchema,
  shareInfoSchema,
  shareModeSchema,
} from './model';

const cartId = z.string();
const uuid = z.string();

/**
 * The share dialog opened: the share actions are loaded (protocol §6.4). The zip profiles it
 * also offers belong to the downloads domain (`downloads/profilesRequested`).
 */
export const shareOptionsRequested = defineIntent('carts/shareOptionsRequested', {});
export const shareActionsStarted = defineFact('carts/shareActionsStarted', 'system', {});
export const shareActionsLoaded = defineAnswer('carts/shareActionsLoaded', {
  actions: z.array(codeLabelSchema),
});
export const shareActionsLoadFailed = defineFailure('carts/shareActionsLoadFailed');

/**
 * Shares a cart as a link (chosen actions, optional password) or as a zip (a profile). The
 * password is issued by the server: it goes to the session vault, never into an event.
 */
export const shareRequested = defineIntent(
  'carts/shareRequested',
  {
    cartId,
    mode: z.enum(['link', 'zip']),
    description: z.string(),
    expires: z.nullable(z.number()),
    actions: z.array(z.string()),
    collaborators: z.array(z.string()),
    askForPassword: z.boolean(),
    withAssetsDescriptions: z.boolean(),
    profile: z.nullable(z.string()),
    url: z.string(),
    /** a link in the mode variant of `shareCart`: sent in place of the two options above */
    shareMode: z.optional(shareModeSchema),
  },
  // the recipients' e-mail addresses are personal data
  (payload) => ({ ...payload, collaborators: payload.collaborators.map(() => REDACTED) }),
);
export const shareCreated = defineAnswer('carts/shareCreated', { cartId, share: createdShareSchema });
export const shareFailed = defineFailure('carts/shareFailed', { cartId });
/** The share dialog shows a new form again. */
export const shareDialogReset = defineIntent('carts/shareDialogReset', { cartId });

/**
 * The links I created for a cart, when the server lists them. `link`: the address of a share,
 * `{uuid}` standing for its uuid (the server does not list it).
 */
export const sharesListRequested = defineIntent('carts/sharesListRequested', { cartId, link: z.string() });
export const sharesListed = defineAnswer('carts/sharesListed', {
  cartId,
  shares: z.array(createdShareSchema),
});
export const sharesListFailed = defineFailure('carts/sharesListFailed', { cartId });

/**
 * The owner revokes one of the links of a cart ("Revoke link"): protocol §6.1 has no revoke
 * call, so the link is shared again with an `expires` in the past (epoch 0), which the server
 * honours like any expired share (404 on its uuid). Taken off the list once the server agreed.
 */
export const shareRevokeRequested = defineIntent('carts/shareRevokeRequested', { cartId, uuid });
export const shareRevoked = defineAnswer('carts/shareRevoked', { cartId, uuid });
export const shareRevokeFailed = defineFailure('carts/shareRevokeFailed', { cartId, uuid });

/**
 * Opens a shared cart (protocol §6.4). `withPassword`: the password the visitor typed is in the
 * session vault for this uuid; it never travels in an event.
 */
export const sharedCartOpened = defineIntent('carts/sharedCartOpened', { uuid, withPassword: z.boolean() });
export const sharedCartStarted = defineFact('carts/sharedCartStarted', 'system', {
  uuid,
  withPassword: z.boolean(),
});
export const sharedCartLoaded = defineAnswer(
  'carts/sharedCartLoaded',
  { uuid, cart: cartSchema, details: z.array(cartItemSchema), share: shareInfoSchema },
  redactCartPayload,
);
/** 401 (password needed or wrong), 404 (unknown or expired) and any other failure: `error`, body kept. */
export const sharedCartFailed = defineFailure('carts/sharedCartFailed', { uuid, withPassword: z.boolean() });

/**
 * The pictures of a loaded shared cart, fetched through http with the share's credentials (its
 * password as Basic, or no Authorization at all) instead of plain `img` addresses: their `blob:`
 * addresses go to the session vault (`sharedImages`), events only say which are loaded.
 */
export const sharedImagesRequested = defineIntent('carts/sharedImagesRequested', {
  uuid,
  variation: z.string(),
});
export const sharedImageLoaded = defineAnswer('carts/sharedImageLoaded', {
  uuid,
  variation: z.string(),
  key: z.string(),
});
export const sharedImageFailed = defineFailure('carts/sharedImageFailed', {
  uuid,
  variation: z.string(),
  key: z.string(),
});
/** No screen shows the shared cart any more: its pictures' addresses are revoked. */
export const sharedImagesReleased = defineIntent('carts/sharedImagesReleased', { uuid });

/**
 * An action the share allows (`withShare`), on the whole share or on some items. `comment`: the
 * text of a `comment` action, sent as `{comment}` in the body ([conv]: protocol §6.1 names only
 * `{items}`).
 */
export const shareActionRequested = defineIntent('carts/shareActionRequested', {
  uuid,
  action: z.string(),
  items: z.nullable(itemMapSchema),
  comment: z.optional(z.string()),
});
export const shareActionDone = defineAnswer('carts/shareActionDone', { uuid, action: z.string() });
export const shareActionFailed = defineFailure('carts/shareActionFailed', { uuid, action: z.string() });

const shareItem = z.object({ resource: z.string(), id: z.string() });

/**
 * Downloads one item of a share, or all of it (`item` null), through the share's own route: the
 * binary variant of `withShare/{uuid}/download[/{type}/{id}]`, whose answer is the zip (protocol
 * §6.1). The browser saves it as `fileName`; the zip itself never enters an event.
 */
export const shareDownloadRequested = defineIntent('carts/shareDownloadRequested', {
  uuid,
  item: z.nullable(shareItem),
  fileName: z.string(),
});
export const shareDownloadSaved = defineAnswer('carts/shareDownloadSaved', { uuid, fileName: z.string() });
export const shareDownloadFailed = defineFailure('carts/shareDownloadFailed', { uuid });

/**
 * "Copy to my carts": the share's `copy` action is posted (the server checks the share allows
 * it), then a cart of mine is created under `name` and the items are added to it, one request
 * after the other, each step its own event (protocol §6.1 createCart, addCartItems). A visitor is
offered sign-in first: carts belong to users.
 */
export const shareCopyRequested = defineIntent('carts/shareCopyRequested', {
  uuid,
  name: z.string(),
  description: z.string(),
  items: itemMapSchema,
});
/** The steps answer the request (their cause) and carry what the next step sends. */
export const shareCopyAllowed = defineAnswer('carts/shareCopyAllowed', {
  uuid,
  name: z.string(),
  description: z.string(),
  items: itemMapSchema,
});
export const shareCopyCartCreated = defineAnswer('carts/shareCopyCartCreated', {
  uuid,
  cartId,
  items: itemMapSchema,
});
export const shareCopied = defineAnswer('carts/shareCopied', { uuid, cartId });
export const shareCopyFailed = defineFailure('carts/shareCopyFailed', { uuid });

/**
 * The lightbox's large picture of one shared item (a `preview` variation, the view names it),
 * fetched like the thumbnails with the share's credentials; its `blob:` address goes to the
 * vault (`sharedImages`, under `{variation}|{key}`), the events only say it came.
 */
export const sharedPreviewRequested = defineIntent('carts/sharedPreviewRequested', {
  uuid,
  variation: z.string(),
  key: z.string(),
});
export const sharedPreviewLoaded = defineAnswer('carts/sharedPreviewLoaded', {
  uuid,
  variation: z.string(),
  key: z.string(),
});
export const sharedPreviewFailed = defineFailure('carts/sharedPreviewFailed', {
  uuid,
  variation: z.string(),
  key: z.string(),
});
