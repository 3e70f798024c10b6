import { catchError, exhaustMap, filter, groupBy, map, mergeMap, of, switchMap } from 'rxjs';
import type { Epic } from '../core/epic';
import { serializeError } from '../core/errors';
import { ofType } from '../core/operators/of-type';
import { isBusy } from '../core/status';
import * as api from './api';
import * as shareApi from './share-api';
import {
  profilesLoaded,
  profilesLoadFailed,
  profilesStarted,
  shareActionDone,
  shareActionFailed,
  shareActionRequested,
  shareActionsLoaded,
  shareActionsLoadFailed,
  shareActionsStarted,
  shareCreated,
  sharedCartFailed,
  sharedCartLoaded,
  sharedCartOpened,
  sharedCartStarted,
  shareFailed,
  shareOptionsRequested,
  shareRequested,
  sharesListed,
  sharesListFailed,
  sharesListRequested,
} from './share-events';
import type { CartsRoot } from './state';

/** The share dialog needs the share actions and the zip profiles; each skipped while loading. */
export const requestShareOptions: Epic<CartsRoot> = (event$, state$) =>
  event$.pipe(
    ofType(shareOptionsRequested),
    mergeMap((event) => {
      const { shareActions, profiles } = state$.value.carts;
      return of(
        ...(isBusy(shareActions.status) ? [] : [shareActionsStarted({}, event)]),
        ...(isBusy(profiles.status) ? [] : [profilesStarted({}, event)]),
      );
    }),
  );

export const loadShareActions: Epic<CartsRoot> = (event$, _state$, { http }) =>
  event$.pipe(
    ofType(shareActionsStarted),
    exhaustMap((request) =>
      http.request(shareApi.listShareActions()).pipe(
        map(({ data }) => shareActionsLoaded({ actions: shareApi.toCodeLabels(data) }, request)),
        catchError((error: unknown) => of(shareActionsLoadFailed({ error: serializeError(error) }, request))),
      ),
    ),
  );

export const loadProfiles: Epic<CartsRoot> = (event$, _state$, { http }) =>
  event$.pipe(
    ofType(profilesStarted),
    exhaustMap((request) =>
      http.request(shareApi.listProfiles()).pipe(
        map(({ data }) => profilesLoaded({ profiles: shareApi.toCodeLabels(data) }, request)),
        catchError((error: unknown) => of(profilesLoadFailed({ error: serializeError(error) }, request))),
      ),
    ),
  );

/**
 * Shares a cart as a link or a zip. The password the server issues goes to the session vault
 * under the share's uuid (the dialog shows it from there, once); events only say there is one.
 */
export const createShare: Epic<CartsRoot> = (event$, _state$, { http, session }) =>
  event$.pipe(
    ofType(shareRequested),
    mergeMap((request) => {
      const {
        cartId,
        mode,
        description,
        expires,
        actions,
        collaborators,
        askForPassword,
        withAssetsDescriptions,
        url,
      } = request.payload;
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
              askForPassword,
              withAssetsDescriptions,
              url,
            });
      return http.request(call).pipe(
        map(({ data }) => {
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
        }),
        catchError((error: unknown) => of(shareFailed({ cartId, error: serializeError(error) }, request))),
      );
    }),
  );

export const listShares: Epic<CartsRoot> = (event$, _state$, { http }) =>
  event$.pipe(
    ofType(sharesListRequested),
    groupBy((event) => event.payload.cartId),
    mergeMap((perCart$) =>
      perCart$.pipe(
        switchMap((request) => {
          const { cartId, link } = request.payload;
          return http.request(shareApi.listShares(cartId)).pipe(
            map(({ data }) =>
              sharesListed(
                {
                  cartId,
                  shares: data.map((raw) =>
                    shareApi.toCreatedShare(raw, (uuid) => link.replaceAll('{uuid}', uuid)),
                  ),
                },
                request,
              ),
            ),
            catchError((error: unknown) =>
              of(sharesListFailed({ cartId, error: serializeError(error) }, request)),
            ),
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
      return http.request(shareApi.viewSharedCart(uuid, password || undefined)).pipe(
        map(({ data }) => {
          const { cart, details } = api.toCart(data);
          return sharedCartLoaded({ uuid, cart, details, share: api.toShareInfo(data, uuid) }, request);
        }),
        catchError((error: unknown) =>
          of(
            sharedCartFailed(
              { uuid, withPassword: Boolean(password), error: serializeError(error) },
              request,
            ),
          ),
        ),
      );
    }),
  );

export const actOnShare: Epic<CartsRoot> = (event$, _state$, { http, session }) =>
  event$.pipe(
    ofType(shareActionRequested),
    mergeMap((request) => {
      const { uuid, action, items } = request.payload;
      return http.request(shareApi.withShare(uuid, action, items, session.sharePassword(uuid))).pipe(
        map(() => shareActionDone({ uuid, action }, request)),
        catchError((error: unknown) =>
          of(shareActionFailed({ uuid, action, error: serializeError(error) }, request)),
        ),
      );
    }),
  );
