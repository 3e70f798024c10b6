import { EMPTY, exhaustMap, filter, from, groupBy, map, mergeMap, switchMap, takeUntil } from 'rxjs';
import type { Epic } from '../core/epic';
import type { AnyEvent } from '../core/event';
import { ofType } from '../core/operators/of-type';
import { requestAnswer, requestEpic } from '../core/request';
import { isBusy } from '../core/status';
import * as api from './api';
import * as shareApi from './share-api';
import {
  shareActionDone,
  shareActionFailed,
  shareActionRequested,
  shareActionsLoaded,
  shareActionsLoadFailed,
  shareActionsStarted,
  shareCopied,
  shareCopyAllowed,
  shareCopyCartCreated,
  shareCopyFailed,
  shareCopyRequested,
  shareCreated,
  shareDownloadFailed,
  shareDownloadRequested,
  shareDownloadSaved,
  sharedCartFailed,
  sharedCartLoaded,
  sharedCartOpened,
  sharedCartStarted,
  shareFailed,
  shareOptionsRequested,
  shareRequested,
  sharedImageFailed,
  sharedImageLoaded,
  sharedImagesReleased,
  sharedImagesRequested,
  sharedPreviewFailed,
  sharedPreviewLoaded,
  sharedPreviewRequested,
  sharesListed,
  sharesListFailed,
  sharesListRequested,
  shareRevoked,
  shareRevokeFailed,
  shareRevokeRequested,
} from './share-events';
import { splitItemKey } from './model';
import type { CartsRoot } from './state';

/** The share dialog needs the share actions; skipped while they load. */
export const requestShareOptions: Epic<CartsRoot> = (event$, state$) =>
  event$.pipe(
    ofType(shareOptionsRequested),
    filter(() => !isBusy(state$.value.carts.shareActions.status)),
    map((event) => shareActionsStarted({}, event)),
  );

export const loadShareActions: Epic<CartsRoot> = requestEpic({
  on: shareActionsStarted,
  flatten: 'exhaust',
  call: () => shareApi.listShareActions(),
  succeeded: (data, request) => shareActionsLoaded({ actions: shareApi.toCodeLabels(data) }, request),
  failed: (error, request) => shareActionsLoadFailed({ error }, request),
});

/**
 * Shares a cart as a link or a zip. The password the server issues goes to the session vault
 * under the share's uuid (the dialog shows it from there, once); events only say there is one.
 */
export const createShare: Epic<CartsRoot> = (event$, _state$, { http, session }) =>
  event$.pipe(
    ofType(shareRequested),
    mergeMap((request) => {
      const { cartId, mode, description, expires, actions, collaborators, url, shareMode } = request.payload;
      const call =
        mode === 'zip'
          ? shareApi.shareZip(cartId, {
              description,
              expires,
              profile: request.payload.profile ?? 'originals',
              collaborators,
              url,
            })
          : shareApi.shareCart(cartId, {
              description,
              expires,
              actions,
              collaborators,
              url,
              ...(shareMode
                ? { shareMode }
                : {
                    askForPassword: request.payload.askForPassword,
                    withAssetsDescriptions: request.payload.withAssetsDescriptions,
                  }),
            });
      return requestAnswer(
        http,
        call,
        (data) => {
          if (data.password) session.setSharePassword(data.uuid, data.password);
          const share = {
            uuid: data.uuid,
            mode,
            url: data.url || url.replaceAll('{uuid}', data.uuid),
            description,
            expires,
            actions: mode === 'zip' ? ['download'] : actions,
            hasPassword: Boolean(data.password) || data.hasPassword === true,
          };
          return shareCreated({ cartId, share }, request);
        },
        (error) => shareFailed({ cartId, error }, request),
      );
    }),
  );

/** One listing per cart at a time: a newer request replaces the answer being waited for. */
export const listShares: Epic<CartsRoot> = (event$, state$, { http }) =>
  event$.pipe(
    ofType(sharesListRequested),
    filter((event) => state$.value.carts.sharesOf[event.payload.cartId]?.status !== 'not_found'),
    groupBy((event) => event.payload.cartId),
    mergeMap((perCart$) =>
      perCart$.pipe(
        switchMap((request) => {
          const { cartId, link } = request.payload;
          return requestAnswer(
            http,
            shareApi.listShares(cartId),
            (data) => {
              const shares = data.map((raw) =>
                shareApi.toCreatedShare(raw, (uuid) => link.replaceAll('{uuid}', uuid)),
              );
              return sharesListed({ cartId, shares }, request);
            },
            (error) => sharesListFailed({ cartId, error }, request),
          );
        }),
      ),
    ),
  );

/** Each link is revoked once: a second click while one is on its way is not sent. */
export const revokeShare: Epic<CartsRoot> = (event$, _state$, { http }) =>
  event$.pipe(
    ofType(shareRevokeRequested),
    groupBy((event) => event.payload.uuid),
    mergeMap((perShare$) =>
      perShare$.pipe(
        exhaustMap((request) => {
          const { cartId, uuid } = request.payload;
          return requestAnswer(
            http,
            shareApi.revokeShare(cartId, uuid),
            () => shareRevoked({ cartId, uuid }, request),
            (error) => shareRevokeFailed({ cartId, uuid, error }, request),
          );
        }),
      ),
    ),
  );

/** Runs only while the share is unknown or in error, so a password can be tried (protocol §6.4). */
export const startSharedCart: Epic<CartsRoot> = (event$, state$) =>
  event$.pipe(
    ofType(sharedCartOpened),
    filter(({ payload }) => {
      const status = state$.value.carts.shared[payload.uuid]?.status ?? 'unknown';
      return status === 'unknown' || status === 'error';
    }),
    map((event) => sharedCartStarted(event.payload, event)),
  );

/**
 * No Authorization without a password; with one, Basic with an empty user name. 401 and 404
 * keep their body; every failure gives `error`, never `loaded` (protocol §23.4, §23.5).
 */
export const loadSharedCart: Epic<CartsRoot> = (event$, _state$, { http, session }) =>
  event$.pipe(
    ofType(sharedCartStarted),
    mergeMap((request) => {
      const { uuid, withPassword } = request.payload;
      const password = withPassword ? session.sharePassword(uuid) : undefined;
      return requestAnswer(
        http,
        shareApi.viewSharedCart(uuid, password || undefined),
        (data) => {
          const { cart, details } = api.toCart(data);
          return sharedCartLoaded({ uuid, cart, details, share: api.toShareInfo(data, uuid) }, request);
        },
        (error) => sharedCartFailed({ uuid, withPassword: Boolean(password), error }, request),
      );
    }),
  );

export const actOnShare: Epic<CartsRoot> = (event$, _state$, { http, session }) =>
  event$.pipe(
    ofType(shareActionRequested),
    mergeMap((request) => {
      const { uuid, action, items, comment } = request.payload;
      return requestAnswer(
        http,
        shareApi.withShare(uuid, action, items, session.sharePassword(uuid), comment),
        () => shareActionDone({ uuid, action }, request),
        (error) => shareActionFailed({ uuid, action, error }, request),
      );
    }),
  );

/**
 * The pictures of a shared cart, fetched with its credentials (a few at a time) instead of plain
 * `img` addresses that would go without them; each one's `blob:` address goes to the session
 * vault. A newer request for the same share replaces the one on its way; leaving the share
 * stops the fetches.
 */
export const loadSharedImages: Epic<CartsRoot> = (event$, state$, { http, session, config }) =>
  event$.pipe(
    ofType(sharedImagesRequested),
    groupBy((event) => event.payload.uuid),
    mergeMap((perShare$) =>
      perShare$.pipe(
        switchMap((request) => {
          const { uuid, variation } = request.payload;
          const items = state$.value.carts.sharedImages[uuid]?.items ?? {};
          const pending = Object.keys(items).filter((key) => items[key] === 'fetching');
          const password = session.sharePassword(uuid);
          const released$ = event$.pipe(
            ofType(sharedImagesReleased),
            filter((event) => event.payload.uuid === uuid),
          );
          return from(pending).pipe(
            mergeMap((key) => {
              const { resource, id } = splitItemKey(key);
              return requestAnswer(
                http,
                shareApi.sharedItemImage(variation, uuid, resource, id, password),
                (blob) => {
                  session.sharedImages.put(uuid, `${variation}|${key}`, blob);
                  return sharedImageLoaded({ uuid, variation, key }, request);
                },
                (error) => sharedImageFailed({ uuid, variation, key, error }, request),
              );
            }, config.sharedImageConcurrency),
            takeUntil(released$),
          );
        }),
      ),
    ),
  );

/** A shared cart no screen shows: its pictures' `blob:` addresses are revoked. */
export const releaseSharedImages: Epic<CartsRoot> = (event$, _state$, { session }) =>
  event$.pipe(
    ofType(sharedImagesReleased),
    mergeMap((event) => {
      session.sharedImages.release(event.payload.uuid);
      return EMPTY;
    }),
  );

/**
 * One item or the whole share as a zip, through the share's download route (protocol §6.1, the
 * binary variant): the browser saves it under the name the page chose; the zip is never an event.
 */
const downloadFromShare: Epic<CartsRoot> = (event$, _state$, { http, session, downloads }) =>
  event$.pipe(
    ofType(shareDownloadRequested),
    mergeMap((request) => {
      const { uuid, item, fileName } = request.payload;
      return requestAnswer(
        http,
        shareApi.shareDownload(uuid, item, session.sharePassword(uuid)),
        (blob) => {
          downloads.open(URL.createObjectURL(blob), fileName);
          return shareDownloadSaved({ uuid, fileName }, request);
        },
        (error) => shareDownloadFailed({ uuid, error }, request),
      );
    }),
  );

/** The request a step of "Copy to my carts" answers: every step answers the same request. */
const requestOf = <E extends Pick<AnyEvent, 'meta'>>(event: E): E => ({
  ...event,
  meta: { ...event.meta, id: event.meta.cause ?? event.meta.id },
});

/** Step 1 of "Copy to my carts": the share's `copy` action, with the share's credentials. */
const allowShareCopy: Epic<CartsRoot> = (event$, _state$, { http, session }) =>
  event$.pipe(
    ofType(shareCopyRequested),
    mergeMap((request) => {
      const { uuid, name, description, items } = request.payload;
      return requestAnswer(
        http,
        shareApi.withShare(uuid, 'copy', items, session.sharePassword(uuid)),
        () => shareCopyAllowed({ uuid, name, description, items }, request),
        (error) => shareCopyFailed({ uuid, error }, request),
      );
    }),
  );

/** Step 2: a private cart of mine under the shared cart's name (the user's own credentials). */
const createShareCopy: Epic<CartsRoot> = (event$, _state$, { http }) =>
  event$.pipe(
    ofType(shareCopyAllowed),
    mergeMap((event) => {
      const { uuid, name, description, items } = event.payload;
      const request = requestOf(event);
      return requestAnswer(
        http,
        api.createCart({ name, description, isPrivate: true, collaborators: [] }),
        (data) => shareCopyCartCreated({ uuid, cartId: String(data[0]!.id), items }, request),
        (error) => shareCopyFailed({ uuid, error }, request),
      );
    }),
  );

/** Step 3: the shared items go into the new cart. */
const fillShareCopy: Epic<CartsRoot> = (event$, _state$, { http }) =>
  event$.pipe(
    ofType(shareCopyCartCreated),
    mergeMap((event) => {
      const { uuid, cartId, items } = event.payload;
      const request = requestOf(event);
      return requestAnswer(
        http,
        api.addCartItems(cartId, items),
        () => shareCopied({ uuid, cartId }, request),
        (error) => shareCopyFailed({ uuid, error }, request),
      );
    }),
  );

/**
 * The lightbox's large picture, with the share's credentials. Stepping through the lightbox asks
 * for the next one: the picture still on its way for the same share is dropped; leaving the share
 * stops it.
 */
const loadSharedPreview: Epic<CartsRoot> = (event$, _state$, { http, session }) =>
  event$.pipe(
    ofType(sharedPreviewRequested),
    groupBy((event) => event.payload.uuid),
    mergeMap((perShare$) =>
      perShare$.pipe(
        switchMap((request) => {
          const { uuid, variation, key } = request.payload;
          const { resource, id } = splitItemKey(key);
          const released$ = event$.pipe(
            ofType(sharedImagesReleased),
            filter((event) => event.payload.uuid === uuid),
          );
          return requestAnswer(
            http,
            shareApi.sharedItemImage(variation, uuid, resource, id, session.sharePassword(uuid)),
            (blob) => {
              session.sharedImages.put(uuid, `${variation}|${key}`, blob);
              return sharedPreviewLoaded({ uuid, variation, key }, request);
            },
            (error) => sharedPreviewFailed({ uuid, variation, key, error }, request),
          ).pipe(takeUntil(released$));
        }),
      ),
    ),
  );

/** The shared-cart page's download, "Copy to my carts" and lightbox (wired as one entry of the domain). */
export const sharePageEpics = {
  downloadFromShare,
  allowShareCopy,
  createShareCopy,
  fillShareCopy,
  loadSharedPreview,
};
