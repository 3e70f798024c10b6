import type { Draft } from 'immer';
import { type Case, on } from '../core/case-reducer';
import { reached, type Status } from '../core/status';
import { mergeDetails } from './content-reducer';
import { itemKeys } from './model';
import * as shareEvents from './share-events';
import type { CartsState, LoadedList } from './state';
import type { SerializedError } from '../core/errors';

/** Statuses that say a server does not offer the demo's `listShares`. */
const LISTING_NOT_OFFERED: readonly number[] = [403, 404, 405, 501];

/** resolved -> initial, loaded -> fetching (protocol §6.4, share actions). */
const nextLoadStatus = (status: Status): Status => (reached(status, 'loaded') ? 'fetching' : 'initial');

function loading<T>(list: Draft<LoadedList<T>>): void {
  list.status = nextLoadStatus(list.status);
}

export const shareCases: Case<CartsState>[] = [
  on(shareEvents.shareActionsStarted, (draft) => loading(draft.shareActions)),
  on(shareEvents.shareActionsLoaded, (draft, { payload }) => {
    draft.shareActions = { status: 'loaded', list: payload.actions, error: null };
  }),
  on(shareEvents.shareActionsLoadFailed, (draft, { payload }) => {
    draft.shareActions.status = 'error';
    draft.shareActions.error = payload.error;
  }),

  on(shareEvents.shareRequested, (draft, { payload, meta }) => {
    draft.shareDialog[payload.cartId] = {
      status: 'fetching',
      created: null,
      error: null,
      requestId: meta.id,
    };
  }),
  on(shareEvents.shareCreated, (draft, { payload }) => {
    draft.shareDialog[payload.cartId] = { status: 'loaded', created: payload.share, error: null };
    const listed = draft.sharesOf[payload.cartId];
    if (listed && !listed.list.some((share) => share.uuid === payload.share.uuid)) {
      listed.list.unshift(payload.share);
    }
  }),
  on(shareEvents.shareFailed, (draft, { payload, meta }) => {
    const requestId = meta.cause ?? draft.shareDialog[payload.cartId]?.requestId;
    draft.shareDialog[payload.cartId] = { status: 'error', created: null, error: payload.error, requestId };
  }),
  on(shareEvents.shareDialogReset, (draft, { payload }) => {
    delete draft.shareDialog[payload.cartId];
  }),

  on(shareEvents.sharesListRequested, (draft, { payload }) => {
    const listed = draft.sharesOf[payload.cartId];
    // a server without the listing is not asked again
    if (listed?.status === 'not_found') return;
    if (listed) loading(listed);
    else draft.sharesOf[payload.cartId] = { status: 'initial', list: [], error: null };
  }),
  on(shareEvents.shareRevoked, (draft, { payload }) => {
    const listed = draft.sharesOf[payload.cartId];
    if (listed) listed.list = listed.list.filter((share) => share.uuid !== payload.uuid);
  }),
  on(shareEvents.shareRevokeFailed, (draft, { payload, meta }) => {
    const listed = draft.sharesOf[payload.cartId];
    if (!listed) return;
    listed.error = payload.error;
    if (meta.cause !== undefined) listed.revokeRequestId = meta.cause;
  }),
  on(shareEvents.sharesListed, (draft, { payload }) => {
    draft.sharesOf[payload.cartId] = { status: 'loaded', list: payload.shares, error: null };
  }),
  // listShares is a demo extension (issue 12 item 14): a server that does not offer it (403, 404,
  // 405, 501) leaves the dialog without "Links of this cart", not in error
  on(shareEvents.sharesListFailed, (draft, { payload }) => {
    if (LISTING_NOT_OFFERED.includes(payload.error.status ?? 0)) {
      draft.sharesOf[payload.cartId] = { status: 'not_found', list: [], error: null };
      return;
    }
    draft.sharesOf[payload.cartId] = {
      status: 'error',
      list: draft.sharesOf[payload.cartId]?.list ?? [],
      error: payload.error,
    };
  }),

  on(shareEvents.sharedCartStarted, (draft, { payload }) => {
    const shared = draft.shared[payload.uuid];
    draft.shared[payload.uuid] = {
      status: 'initial',
      error: null,
      withPassword: payload.withPassword,
      cart: shared?.cart ?? null,
      share: shared?.share ?? null,
      keys: shared?.keys ?? [],
      details: shared?.details ?? {},
    };
  }),
  on(shareEvents.sharedCartLoaded, (draft, { payload }) => {
    const shared = draft.shared[payload.uuid];
    const details = {};
    mergeDetails(details, payload.details);
    draft.shared[payload.uuid] = {
      status: 'loaded',
      error: null,
      withPassword: shared?.withPassword ?? false,
      cart: payload.cart,
      share: payload.share,
      keys: itemKeys(payload.cart.items),
      details,
    };
  }),
  // 401, 404 and every other failure: error with the body kept, never loaded (protocol §23.5)
  on(shareEvents.sharedCartFailed, (draft, { payload }) => {
    draft.shared[payload.uuid] = {
      status: 'error',
      error: payload.error,
      withPassword: payload.withPassword,
      cart: null,
      share: null,
      keys: [],
      details: {},
    };
  }),

  // every picture not loaded yet in this variation is fetched (another variation starts over)
  on(shareEvents.sharedImagesRequested, (draft, { payload }) => {
    const { uuid, variation } = payload;
    const known = draft.sharedImages[uuid];
    const images = known?.variation === variation ? known : { variation, items: {} };
    for (const key of draft.shared[uuid]?.keys ?? []) {
      if (images.items[key] !== 'loaded') images.items[key] = 'fetching';
    }
    draft.sharedImages[uuid] = images;
  }),
  on(shareEvents.sharedImageLoaded, (draft, { payload }) => {
    const images = draft.sharedImages[payload.uuid];
    if (images?.variation === payload.variation) images.items[payload.key] = 'loaded';
  }),
  on(shareEvents.sharedImageFailed, (draft, { payload }) => {
    const images = draft.sharedImages[payload.uuid];
    if (images?.variation === payload.variation) images.items[payload.key] = 'error';
  }),
  on(shareEvents.sharedImagesReleased, (draft, { payload }) => {
    delete draft.sharedImages[payload.uuid];
  }),

  on(shareEvents.shareActionRequested, (draft, { payload, meta }) => {
    draft.shareAction[meta.id] = {
      uuid: payload.uuid,
      action: payload.action,
      status: 'fetching',
      error: null,
    };
  }),
  on(shareEvents.shareActionDone, (draft, { payload, meta }) => {
    if (meta.cause === undefined) return;
    draft.shareAction[meta.cause] = {
      uuid: payload.uuid,
      action: payload.action,
      status: 'loaded',
      error: null,
    };
  }),
  on(shareEvents.shareActionFailed, (draft, { payload, meta }) => {
    if (meta.cause === undefined) return;
    const { uuid, action, error } = payload;
    draft.shareAction[meta.cause] = { uuid, action, status: 'error', error };
  }),

  // downloads and copies keep their outcome by request too, as the actions "download" and "copy"
  on(shareEvents.shareDownloadRequested, (draft, { payload, meta }) => {
    draft.shareAction[meta.id] = outcome(payload.uuid, 'download', 'fetching');
  }),
  on(shareEvents.shareDownloadSaved, (draft, { payload, meta }) => {
    if (meta.cause !== undefined) draft.shareAction[meta.cause] = outcome(payload.uuid, 'download', 'loaded');
  }),
  on(shareEvents.shareDownloadFailed, (draft, { payload, meta }) => {
    if (meta.cause === undefined) return;
    draft.shareAction[meta.cause] = outcome(payload.uuid, 'download', 'error', payload.error);
  }),
  on(shareEvents.shareCopyRequested, (draft, { payload, meta }) => {
    draft.shareAction[meta.id] = outcome(payload.uuid, 'copy', 'fetching');
  }),
  on(shareEvents.shareCopied, (draft, { payload, meta }) => {
    if (meta.cause === undefined) return;
    draft.shareAction[meta.cause] = { ...outcome(payload.uuid, 'copy', 'loaded'), cartId: payload.cartId };
  }),
  on(shareEvents.shareCopyFailed, (draft, { payload, meta }) => {
    if (meta.cause === undefined) return;
    draft.shareAction[meta.cause] = outcome(payload.uuid, 'copy', 'error', payload.error);
  }),
  on(shareEvents.sharedPreviewRequested, (draft, { payload, meta }) => {
    draft.shareAction[meta.id] = outcome(payload.uuid, 'preview', 'fetching');
  }),
  on(shareEvents.sharedPreviewLoaded, (draft, { payload, meta }) => {
    if (meta.cause !== undefined) draft.shareAction[meta.cause] = outcome(payload.uuid, 'preview', 'loaded');
  }),
  on(shareEvents.sharedPreviewFailed, (draft, { payload, meta }) => {
    if (meta.cause === undefined) return;
    draft.shareAction[meta.cause] = outcome(payload.uuid, 'preview', 'error', payload.error);
  }),
];

function outcome(uuid: string, action: string, status: Status, error: SerializedError | null = null) {
  return { uuid, action, status, error };
}
