import { catchError, EMPTY, exhaustMap, map, mergeMap, of, switchMap } from 'rxjs';
import { started } from '../app/events';
import type { Epic } from '../core/epic';
import { serializeError } from '../core/errors';
import { ofType } from '../core/operators/of-type';
import { whoAmIRequested } from '../session/events';
import { selectIsUser, type WithSession } from '../session/selectors';
import * as api from './api';
import {
  created,
  createFailed,
  createRequested,
  loaded,
  loadFailed,
  loadRequested,
  localeChanged,
  localeChangeFailed,
  localeChangeRequested,
  patched,
  patchFailed,
  patchRefused,
  patchRequested,
  visitorLocaleChosen,
  visitorLocaleRestored,
} from './events';
import type { WithProfile } from './selectors';

type S = WithSession & WithProfile;

/** My profile; the schema headers are asked for while unknown, or when forced (protocol §23.21). */
export const loadProfile: Epic<S> = (event$, state$, { http }) =>
  event$.pipe(
    ofType(loadRequested),
    exhaustMap((event) => {
      const withHeaders = event.payload.force === true || state$.value.profile.headers === null;
      return http.request(api.getMyProfile(withHeaders)).pipe(
        map(({ data }) => loaded({ profile: data.response.data, headers: data.headers ?? null }, event)),
        catchError((thrown: unknown) => of(loadFailed({ error: serializeError(thrown) }, event))),
      );
    }),
  );

/**
 * A plain patch never carries a password (protocol §4.2). Once saved, who-am-I is asked again:
 * it may have changed (the language, the name).
 */
export const patchProfile: Epic<S> = (event$, _state$, { http }) =>
  event$.pipe(
    ofType(patchRequested),
    exhaustMap((event) => {
      if ('password' in event.payload.changes)
        return of(patchRefused({ message: api.PASSWORD_NOT_PATCHABLE }, event));
      return http.request(api.patchMyProfile(event.payload.changes)).pipe(
        mergeMap(({ data }) =>
          of(patched({ profile: data.response.data }, event), whoAmIRequested({}, event)),
        ),
        catchError((thrown: unknown) => of(patchFailed({ error: serializeError(thrown) }, event))),
      );
    }),
  );

/** protocol §4.1: on 200 or 201 the profile is replaced and who-am-I is asked again. */
export const createProfile: Epic<S> = (event$, _state$, { http }) =>
  event$.pipe(
    ofType(createRequested),
    exhaustMap((event) =>
      http.request(api.createProfile(event.payload.fields)).pipe(
        mergeMap(({ data }) =>
          of(created({ profile: data.response.data }, event), whoAmIRequested({}, event)),
        ),
        catchError((thrown: unknown) => of(createFailed({ error: serializeError(thrown) }, event))),
      ),
    ),
  );

/**
 * A user's language is the profile's `bolang` (protocol §4.1); who-am-I then carries it, and with
 * it the UI and `lang`. A visitor has no profile: the choice is kept in this browser.
 */
export const changeLocale: Epic<S> = (event$, state$, { http, storage, config }) =>
  event$.pipe(
    ofType(localeChangeRequested),
    switchMap((event) => {
      const { locale } = event.payload;
      if (!selectIsUser(state$.value)) {
        storage.setItem(config.visitorLocaleStorageKey, locale);
        return of(visitorLocaleChosen({ locale }, event));
      }
      return http.request(api.changeLocale(locale)).pipe(
        mergeMap(() => of(localeChanged({ locale }, event), whoAmIRequested({}, event))),
        catchError((thrown: unknown) =>
          of(localeChangeFailed({ locale, error: serializeError(thrown) }, event)),
        ),
      );
    }),
  );

/** A visitor's earlier language choice, read once at start. */
export const restoreVisitorLocale: Epic<S> = (event$, _state$, { storage, config }) =>
  event$.pipe(
    ofType(started),
    mergeMap((event) => {
      const locale = storage.getItem(config.visitorLocaleStorageKey);
      return locale ? of(visitorLocaleRestored({ locale }, event)) : EMPTY;
    }),
  );
