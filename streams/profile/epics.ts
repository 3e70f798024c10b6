import { EMPTY, filter, mergeMap, of, switchMap, take } from 'rxjs';
import { started } from '../app/events';
import { catchUpOnStart, isStartOf } from '../core/domain';
import type { Epic } from '../core/epic';
import { ofType } from '../core/operators/of-type';
import { requestAnswer, requestEpic } from '../core/request';
import { whoAmIRequested } from '../session/events';
import { selectIdentitySettled, selectIsUser, selectMe, type WithSession } from '../session/selectors';
import * as api from './api';
import {
  created,
  createFailed,
  createRequested,
  identityAdopted,
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
export const loadProfile: Epic<S> = requestEpic({
  on: loadRequested,
  flatten: 'exhaust',
  call: (event, state) => api.getMyProfile(event.payload.force === true || state.profile.headers === null),
  succeeded: (data, event) => loaded({ profile: data.response.data, headers: data.headers ?? null }, event),
  failed: (error, event) => loadFailed({ error }, event),
});

/** The profile fields who-am-I reports (the name the header shows, the language). */
const WHO_AM_I_FIELDS = ['firstname', 'lastname', 'name', 'login', 'bolang'];

/**
 * A plain patch never carries a password (protocol §4.2). Once saved, who-am-I is asked again
 * only when it may have changed (the name, the language); an e-mail changes nothing it reports
 * (issue 12 item 16: one request, as the reference client).
 */
export const patchProfile: Epic<S> = requestEpic({
  on: patchRequested,
  flatten: 'exhaust',
  refuse: (event) =>
    'password' in event.payload.changes ? patchRefused({ message: api.PASSWORD_NOT_PATCHABLE }, event) : null,
  call: (event) => api.patchMyProfile(event.payload.changes),
  succeeded: (data, event) => [
    patched({ profile: data.response.data }, event),
    ...(Object.keys(event.payload.changes).some((field) => WHO_AM_I_FIELDS.includes(field))
      ? [whoAmIRequested({}, event)]
      : []),
  ],
  failed: (error, event) => patchFailed({ error }, event),
});

/**
 * protocol §4.1: on 200 or 201, when there is no target type or it is `user`, the profile is
 * replaced and who-am-I is asked again.
 */
export const createProfile: Epic<S> = requestEpic({
  on: createRequested,
  flatten: 'exhaust',
  call: (event) => api.createProfile(event.payload.fields, event.payload.type),
  succeeded: (data, event) => {
    const { type } = event.payload;
    if (!api.isOwnProfileType(type)) return created({ profile: data.response.data, type }, event);
    return [
      created({ profile: data.response.data, ...(type !== undefined && { type }) }, event),
      whoAmIRequested({}, event),
    ];
  },
  failed: (error, event) => createFailed({ error }, event),
});

/**
 * A user's language is the profile's `bolang` (protocol §4.1): once saved, the UI and `lang`
 * follow the choice the profile keeps (`locale.requested`) until who-am-I next answers (a reload,
 * another user), without asking it again (issue 12 item 16: one request, as the reference client).
 * A visitor has no profile: the choice is kept in this browser. A choice made while a stored
 * session is being restored waits for the identity, so the user's language is not lost to it.
 */
export const changeLocale: Epic<S> = (event$, state$, { http, storage, config }) =>
  event$.pipe(
    ofType(localeChangeRequested),
    switchMap((event) =>
      state$.pipe(
        filter(selectIdentitySettled),
        take(1),
        switchMap((state) => {
          const { locale } = event.payload;
          if (!selectIsUser(state)) {
            storage.setItem(config.visitorLocaleStorageKey, locale);
            return of(visitorLocaleChosen({ locale }, event));
          }
          return requestAnswer(
            http,
            api.changeLocale(locale),
            () => localeChanged({ locale }, event),
            (error) => localeChangeFailed({ locale, error }, event),
          );
        }),
      ),
    ),
  );

/** Started after the identity was known (the profile loads with the portal's code): take it now. */
export const adoptIdentity = catchUpOnStart<S>('profile', (state, start) => {
  const me = selectMe(state);
  return me ? [identityAdopted({ me }, start)] : [];
});

/**
 * A visitor's earlier language choice, read once at start: at `app/started`, or when the profile's
 * code came after it (it loads with the portal's code).
 */
export const restoreVisitorLocale: Epic<S> = (event$, _state$, { storage, config }) =>
  event$.pipe(
    filter((event) => started.match(event) || isStartOf('profile', event)),
    mergeMap((event) => {
      const locale = storage.getItem(config.visitorLocaleStorageKey);
      return locale ? of(visitorLocaleRestored({ locale }, event)) : EMPTY;
    }),
  );
