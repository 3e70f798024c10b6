import { EMPTY, exhaustMap, filter, from, map, mergeMap, switchMap, takeUntil } from 'rxjs';
import type { Epic } from '../core/epic';
import type { AnyEvent } from '../core/event';
import { ofType } from '../core/operators/of-type';
import { perKey } from '../core/operators/per-key';
import { requestAnswer, requestEpic } from '../core/request';
import { isBusy } from '../core/status';
import * as api from './api';
import * as shareApi from './share-api';
import * as shareEvents from './share-events';
import { splitItemKey } from './model';
import type { CartsRoot } from './state';

/** The share dialog needs the share actions; skipped while they load. */
export const requestShareOptions: Epic<CartsRoot> = (event$, state$) =>
  event$.pipe(
    ofType(shareEvents.shareOptionsRequested),
    filter(() => !isBusy(state$.value.carts.shareActions.status)),
    map((event) => shareEvents.shareActionsStarted({}, event)),
  );

export const loadShareActions: Epic<CartsRoot> = requestEpic({
  on: shareEvents.shareActionsStarted,
  flatten: 'exhaust',
  call: () => shareApi.listShareActions(),
  succeeded: (data, request) =>
    shareEvents.shareActionsLoaded({ actions: shareApi.toCodeLabels(data) }, request),
  failed: (error, request) => shareEvents.shareActionsLoadFailed({ error }, request),
});

/**
 * Shares a cart as a link or a zip. The password the server issues goes to the session vault
 * under the share's uuid (the dialog shows it from there, once); events only say there is one.
 */
export const createShare: Epic<CartsRoot> = (event$, _state$, { http, session }) =>
  event$.pipe(
    ofType(shareEvents.shareRequested),
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
          return shareEvents.shareCreated({ cartId, share }, request);
        },
        (error) => shareEvents.shareFailed({ cartId, error }, request),
      );
    }),
  );

/** One listing per cart at a time: a newer request replaces the answer being waited for. */
export const listShares: Epic<CartsRoot> = (event$, state$, { http }) =>
  event$.pipe(
    ofType(shareEvents.sharesListRequested),
    filter((event) => state$.value.carts.sharesOf[event.payload.cartId]?.status !== 'not_found'),
    perKey(
      (event) => event.payload.cartId,
      switchMap((request) => {
        const { cartId, link } = request.payload;
        return requestAnswer(
          http,
          shareApi.listShares(cartId),
          (data) => {
            const shares = data.map((raw) =>
              shareApi.toCreatedShare(raw, (uuid) => link.replaceAll('{uuid}', uuid)),
            );
            return shareEvents.sharesListed({ cartId, shares }, request);
          },
          (error) => shareEvents.sharesListFailed({ cartId, error }, request),
        );
      }),
    ),
  );

/** Each link is revoked once: a second click while one is on its way is not sent. */
export const revokeShare: Epic<CartsRoot> = (event$, _state$, { http }) =>
  event$.pipe(
    ofType(shareEvents.shareRevokeRequested),
    perKey(
      (event) => event.payload.uuid,
      exhaustMap((request) => {
        const { cartId, uuid } = request.payload;
        return requestAnswer(
          http,
          shareApi.revokeShare(cartId, uuid),
          () => shareEvents.shareRevoked({ cartId, uuid }, request),
          (error) => shareEvents.shareRevokeFailed({ cartId, uuid, error }, request),
        );
      }),
    ),
  );

/** Runs only while the share is unknown or in error, so a password can be tried (protocol §6.4). */
export const startSharedCart: Epic<CartsRoot> = (event$, state$) =>
  event$.pipe(
    ofType(shareEvents.sharedCartOpened),
    filter(({ payload }) => {
      const status = state$.value.carts.shared[payload.uuid]?.status ?? 'unknown';
      return status === 'unknown' || status === 'error';
    }),
    map((event) => shareEvents.sharedCartStarted(event.payload, event)),
  );

/**
 * No Authorization without a password; with one, Basic with an empty user name. 401 and 404
 * keep their body; every failure gives `error`, never `loaded` (protocol §23.4, §23.5).
 */
export const loadSharedCart: Epic<CartsRoot> = (event$, _state$, { http, session }) =>
  event$.pipe(
    ofType(shareEvents.sharedCartStarted),
    mergeMap((request) => {
      const { uuid, withPassword } = request.payload;
      const password = withPassword ? session.sharePassword(uuid) : undefined;
      return requestAnswer(
        http,
        shareApi.viewSharedCart(uuid, password || undefined),
        (data) => {
          const { cart, details } = api.toCart(data);
          return shareEvents.sharedCartLoaded(
            { uuid, cart, details, share: api.toShareInfo(data, uuid) },
            request,
          );
        },
        (error) => shareEvents.sharedCartFailed({ uuid, withPassword: Boolean(password), error }, request),
      );
    }),
  );

export const actOnShare: Epic<CartsRoot> = (event$, _state$, { http, session }) =>
  event$.pipe(
    ofType(shareEvents.shareActionRequested),
    mergeMap((request) => {
      const { uuid, action, items, comment } = request.payload;
      return requestAnswer(
        http,
        shareApi.withShare(uuid, action, items, session.sharePassword(uuid), comment),
        () => shareEvents.shareActionDone({ uuid, action }, request),
        (error) => shareEvents.shareActionFailed({ uuid, action, error }, request),
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
    ofType(shareEvents.sharedImagesRequested),
    perKey(
      (event) => event.payload.uuid,
      switchMap((request) => {
        const { uuid, variation } = request.payload;
        const items = state$.value.carts.sharedImages[uuid]?.items ?? {};
        const pending = Object.keys(items).filter((key) => items[key] === 'fetching');
        const password = session.sharePassword(uuid);
        const released$ = event$.pipe(
          ofType(shareEvents.sharedImagesReleased),
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
                return shareEvents.sharedImageLoaded({ uuid, variation, key }, request);
              },
              (error) => shareEvents.sharedImageFailed({ uuid, variation, key, error }, request),
            );
          }, config.sharedImageConcurrency),
          takeUntil(released$),
        );
      }),
    ),
  );

/** A shared cart no screen shows: its pictures' `blob:` addresses are revoked. */
export const releaseSharedImages: Epic<CartsRoot> = (event$, _state$, { session }) =>
  event$.pipe(
    ofType(shareEvents.sharedImagesReleased),
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
    ofType(shareEvents.shareDownloadRequested),
    mergeMap((request) => {
      const { uuid, item, fileName } = request.payload;
      return requestAnswer(
        http,
        shareApi.shareDownload(uuid, item, session.sharePassword(uuid)),
        (blob) => {
          downloads.open(URL.createObjectURL(blob), fileName);
          return shareEvents.shareDownloadSaved({ uuid, fileName }, request);
        },
        (error) => shareEvents.shareDownloadFailed({ uuid, error }, request),
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
    ofType(shareEvents.shareCopyRequested),
    mergeMap((request) => {
      const { uuid, name, description, items } = request.payload;
      return requestAnswer(
        http,
        shareApi.withShare(uuid, 'copy', items, session.sharePassword(uuid)),
        () => shareEvents.shareCopyAllowed({ uuid, name, description, items }, request),
        (error) => shareEvents.shareCopyFailed({ uuid, error }, request),
      );
    }),
  );

/** Step 2: a private cart of mine under the shared cart's name (the user's own credentials). */
const createShareCopy: Epic<CartsRoot> = (event$, _state$, { http }) =>
  event$.pipe(
    ofType(shareEvents.shareCopyAllowed),
    mergeMap((event) => {
      const { uuid, name, description, items } = event.payload;
      const request = requestOf(event);
      return requestAnswer(
        http,
        api.createCart({ name, description, isPrivate: true, collaborators: [] }),
        (data) => shareEvents.shareCopyCartCreated({ uuid, cartId: String(data[0]!.id), items }, request),
        (error) => shareEvents.shareCopyFailed({ uuid, error }, request),
      );
    }),
  );

/** Step 3: the shared items go into the new cart. */
const fillShareCopy: Epic<CartsRoot> = (event$, _state$, { http }) =>
  event$.pipe(
    ofType(shareEvents.shareCopyCartCreated),
    mergeMap((event) => {
      const { uuid, cartId, items } = event.payload;
      const request = requestOf(event);
      return requestAnswer(
        http,
        api.addCartItems(cartId, items),
        () => shareEvents.shareCopied({ uuid, cartId }, request),
        (error) => shareEvents.shareCopyFailed({ uuid, error }, request),
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
    ofType(shareEvents.sharedPreviewRequested),
    perKey(
      (event) => event.payload.uuid,
      switchMap((request) => {
        const { uuid, variation, key } = request.payload;
        const { resource, id } = splitItemKey(key);
        const released$ = event$.pipe(
          ofType(shareEvents.sharedImagesReleased),
          filter((event) => event.payload.uuid === uuid),
        );
        return requestAnswer(
          http,
          shareApi.sharedItemImage(variation, uuid, resource, id, session.sharePassword(uuid)),
          (blob) => {
            session.sharedImages.put(uuid, `${variation}|${key}`, blob);
            return shareEvents.sharedPreviewLoaded({ uuid, variation, key }, request);
          },
          (error) => shareEvents.sharedPreviewFailed({ uuid, variation, key, error }, request),
        ).pipe(takeUntil(released$));
      }),
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
